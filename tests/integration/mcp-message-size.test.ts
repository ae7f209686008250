// The MCP server's message limit, as "Use with AI assistants" states it: a message may be at most
// 128 KiB; one byte more answers 413 with a JSON-RPC error that says so.
import { describe, expect, inject, it } from 'vitest';
import { MAX_MCP_BODY_BYTES } from '@/lib/mcp/limits';

const site = inject('baseUrl');
const MESSAGE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

/** Posts the message padded with spaces to `bytes` bytes, as an MCP client posts one. */
const postOf = (bytes: number) =>
  fetch(`${site}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: MESSAGE.padEnd(bytes, ' '),
  });

describe('the size of an MCP message', () => {
  it('answers a message of 128 KiB, and refuses one byte more with 413', async () => {
    expect(MAX_MCP_BODY_BYTES).toBe(128 * 1024);
    const atLimit = await postOf(MAX_MCP_BODY_BYTES);
    expect(atLimit.status).toBe(200);
    expect((await atLimit.json()).result.tools.length).toBeGreaterThan(0);
    const over = await postOf(MAX_MCP_BODY_BYTES + 1);
    expect(over.status).toBe(413);
    expect((await over.json()).error).toMatchObject({
      code: -32000,
      message: 'A message may be at most 128 KiB.',
    });
  });
});
