import { serverConfig } from '@/lib/config/server';
import { answerMcpMessage, refuseMcpMethod } from '@/lib/mcp/handler';

// Every answer depends on the message.
export const dynamic = 'force-dynamic';

/** The MCP server for AI assistants (Streamable HTTP, stateless); MCP_ENABLED=false turns it off. */
function whenEnabled(answer: (request: Request) => Response | Promise<Response>) {
  return (request: Request) =>
    serverConfig().mcp.enabled ? answer(request) : new Response('Not Found', { status: 404 });
}

export const POST = whenEnabled(answerMcpMessage);
// Every other method Next.js routes, so each is refused with Allow rather than by Next.js without.
export const GET = whenEnabled(refuseMcpMethod);
export const PUT = whenEnabled(refuseMcpMethod);
export const PATCH = whenEnabled(refuseMcpMethod);
export const DELETE = whenEnabled(refuseMcpMethod);
