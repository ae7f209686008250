// The MCP server's settings on production servers of their own: off with MCP_ENABLED=false,
// docs only when the sandbox is off, and its per-client rate limit.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSite } from '@/scripts/lib/site-server';
import { connectMcp } from '../support/mcp-client';
import { requestSandboxToken } from '../support/sandbox-token';

/** Runs `check` against a production server started with `env`, then stops it. */
async function withSite(env: Record<string, string>, check: (url: string) => Promise<void>) {
  const site = await startSite({ env });
  try {
    await check(site.url);
  } finally {
    await site.stop();
  }
}

describe('the MCP server’s settings', () => {
  it('answers 404 at /mcp with MCP_ENABLED=false, and the site still serves', () =>
    withSite({ MCP_ENABLED: 'false' }, async (url) => {
      const post = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(post.status).toBe(404);
      expect((await fetch(`${url}/webhooks`)).status).toBe(200);
    }));

  it('offers the docs tools alone with the sandbox off, and holds each client to MCP_RATE_LIMIT', () =>
    withSite({ SANDBOX_ENABLED: 'false', MCP_RATE_LIMIT: '3' }, async (url) => {
      const mcp = await connectMcp(url);
      try {
        const { tools } = await mcp.client.listTools();
        expect(tools.map((tool) => tool.name)).not.toContain('open_sandbox');
        expect(tools.map((tool) => tool.name)).toContain('search_docs');
        // Three a second, two of them the connection's own and one the list of tools: ten more.
        const answers = [];
        for (let index = 0; index < 10; index += 1) {
          answers.push(
            await fetch(`${url}/mcp`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                accept: 'application/json, text/event-stream',
              },
              body: JSON.stringify({ jsonrpc: '2.0', id: index, method: 'tools/list' }),
            }),
          );
        }
        const refused = answers.find((answer) => answer.status === 429);
        expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
        expect((await refused!.json()).error.message).toContain('Too many requests');
      } finally {
        await mcp.close();
      }
    }));

  it('counts the sandbox tools against the client’s own sandbox limits, as a terminal’s', () =>
    withSite({ SANDBOX_AUTH_RATE_LIMIT: '1' }, async (url) => {
      const mcp = await connectMcp(url);
      try {
        expect((await mcp.call('open_sandbox')).isError).toBe(false);
        // The same client from a terminal: the token the assistant took was its one a minute.
        expect((await requestSandboxToken(url)).status).toBe(429);
        const again = await mcp.call('open_sandbox');
        expect(again.isError).toBe(true);
        expect(again.text).toContain('429 rate_limit_exceeded');
      } finally {
        await mcp.close();
      }
    }));

  it('gives up on a message whose body arrives slower than the sandbox waits for one', () =>
    withSite({ SANDBOX_BODY_TIMEOUT_MS: '500' }, async (url) => {
      // Half a message, and then nothing: the answer comes without the rest.
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const outgoing = request(`${url}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': '200' },
        });
        outgoing.on('response', (response) => {
          resolve(response.statusCode);
          outgoing.destroy();
        });
        outgoing.on('error', reject);
        outgoing.write('{"jsonrpc": "2.0", ');
      });
      expect(status).toBe(408);
    }));
});
