// The MCP server's rate, as "Use with AI assistants" states it: each client may send 20 messages a
// second, and the rest are refused with 429. The route's handler in this process, its clock held
// still, so every call falls in the same second however slowly this machine answers them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MCP_REQUESTS_PER_SECOND } from '@/lib/mcp/limits';

// Clients told apart by X-Forwarded-For, as behind the documented proxy.
process.env.TRUST_PROXY = 'true';
const { answerMcpMessage } = await import('@/lib/mcp/handler');

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => vi.useRealTimers());

/** A tools/call of list_scenarios from the client at `address`. */
const callFrom = (address: string, id: number) =>
  answerMcpMessage(
    new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-forwarded-for': address,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'list_scenarios', arguments: { contains: 'declined' } },
      }),
    }),
  );

describe('the MCP server’s rate per client', () => {
  it('answers 20 calls of a client in a second and refuses the other 10 with 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, id) => callFrom('203.0.113.10', id)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MCP_REQUESTS_PER_SECOND);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - MCP_REQUESTS_PER_SECOND);
    // The first 20 are the ones answered, each with its tool's result.
    expect(statuses.indexOf(429)).toBe(MCP_REQUESTS_PER_SECOND);
    expect((await answers[0]!.json()).result.content[0].text).toContain('scenarios');
    const refused = answers.at(-1)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()).error).toMatchObject({
      code: -32000,
      message: 'Too many requests. Retry after 1 seconds.',
    });
    // Another client's allowance is its own, and the next second brings the first one's back.
    expect((await callFrom('203.0.113.11', 0)).status).toBe(200);
    vi.advanceTimersByTime(1000);
    expect((await callFrom('203.0.113.10', 30)).status).toBe(200);
  });
});
