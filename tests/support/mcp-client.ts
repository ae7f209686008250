import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CHARGE } from './sandbox-session';

/** An MCP client connected, as an assistant's would be, to the server at `<siteUrl>/mcp`. */
export async function connectMcp(siteUrl: string) {
  const client = new Client({ name: 'kestrel-docs-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${siteUrl}/mcp`)));
  /** Calls a tool; its text answer, parsed when it is JSON, and whether it is an error. */
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    // A tool's JSON, read field by field by each test.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { isError: result.isError === true, text, json };
  };
  /** Charges the documented booking's saved card in the sandbox of `token`, through call_api. */
  const createCharge = (token: string) =>
    call('call_api', { token, method: 'POST', path: '/v1/charges', body: CHARGE });
  return { client, call, createCharge, close: () => client.close() };
}
