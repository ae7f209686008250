// The MCP server of one request: stateless, so any instance answers any message, and built per
// request because a stateless transport serves one exchange.
import 'server-only';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { serverConfig } from '@/lib/config/server';
import { site } from '@/lib/site';
import { registerDocsTools } from './docs-tools';
import { registerResources } from './resources';
import { sandboxClient } from './sandbox-client';
import { registerSandboxTools } from './sandbox-tools';

const DOCS_INSTRUCTIONS = `The ${site.name} documentation: find things with search_docs, read pages with read_page, operations with get_operation, test values with list_scenarios and codes with explain_error.`;
const SANDBOX_INSTRUCTIONS =
  'To try the API, open_sandbox once per conversation and pass its token to call_api, list_events and verify_signature; they act only on that sandbox.';

/** A server with every tool, resource and prompt, for the MCP message in `request`. */
export function createMcpServer(request: Request): McpServer {
  const withSandbox = serverConfig().sandbox.enabled;
  const server = new McpServer(
    { name: 'kestrel-pay-docs', title: `${site.name} documentation`, version: '1.0.0' },
    {
      instructions: withSandbox
        ? `${DOCS_INSTRUCTIONS} ${SANDBOX_INSTRUCTIONS}`
        : DOCS_INSTRUCTIONS,
    },
  );
  const client = sandboxClient(request);
  registerDocsTools(server, client.origin);
  if (withSandbox) registerSandboxTools(server, client);
  registerResources(server);
  return server;
}
