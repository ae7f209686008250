// One JSON-RPC message a POST, as "Use with AI assistants" states it: a batch is refused and none
// of it runs, and the one protocol version that had batches is not offered. A production server of
// its own, with one sandbox token a minute (so a tool that ran shows) and each test its own client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { startSite } from '@/scripts/lib/site-server';
import { requestSandboxToken } from '../support/sandbox-token';

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite({ env: { TRUST_PROXY: 'true', SANDBOX_AUTH_RATE_LIMIT: '1' } });
});
afterAll(() => site?.stop());

/** Posts `body` to /mcp as the client at `address`, with `headers` added. */
const postFrom = (address: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${site.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-forwarded-for': address,
      ...headers,
    },
    body: JSON.stringify(body),
  });

const toolCall = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('one message a POST', () => {
  it('refuses a batch with Invalid Request and runs none of its calls', async () => {
    const client = '203.0.113.1';
    const batch = Array.from({ length: 100 }, (_, index) => toolCall(index, 'open_sandbox'));
    const refused = await postFrom(client, batch);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining('one JSON-RPC message per POST') },
    });
    // The client's one token a minute is still there: no open_sandbox of the batch took it.
    const token = await requestSandboxToken(site.url, { 'x-forwarded-for': client });
    expect(token.status).toBe(200);
  });

  it('does not offer 2025-03-26, the protocol version that had batches', async () => {
    const client = '203.0.113.2';
    const initialize = (protocolVersion: string) =>
      postFrom(client, {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      });
    const current = await (await initialize('2025-06-18')).json();
    expect(current.result.protocolVersion).toBe('2025-06-18');
    const batching = await (await initialize('2025-03-26')).json();
    expect(batching.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const spoken = await postFrom(client, toolCall(2, 'list_scenarios'), {
      'mcp-protocol-version': '2025-03-26',
    });
    expect(spoken.status).toBe(400);
    expect((await spoken.json()).error.message).toContain('Unsupported protocol version');
  });
});
