// Answers the Streamable HTTP transport at /mcp: JSON-RPC messages by POST, one answer each.
import 'server-only';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { serverConfig } from '@/lib/config/server';
import { BodyTimeoutError, BodyTooLargeError, readBodyText } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { rateLimitHeaders, RateLimiter } from '@/lib/sandbox/rate-limit';
import { MAX_MCP_BODY_BYTES, MCP_RATE_WINDOW_MS } from './limits';
import {
  isOfferedVersion,
  OFFERED_PROTOCOL_VERSIONS,
  withOfferedVersion,
} from './protocol-versions';
import { createMcpServer } from './server';

/** JSON-RPC's codes: a body that is not JSON, one that is not a message, a server's refusal. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const SERVER_REFUSAL = -32000;

/** A transport-level refusal as JSON-RPC, which every MCP client reports with its message. */
function refusal(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
) {
  return Response.json(
    { jsonrpc: '2.0', error: { code, message }, id: null },
    { status, headers: { 'cache-control': 'no-store', ...headers } },
  );
}

let limiter: RateLimiter | undefined;

/** Counts one message of the request's client against MCP_RATE_LIMIT. */
function take(request: Request) {
  const { mcp, trustProxy } = serverConfig();
  limiter ??= new RateLimiter(mcp.requestsPerSecond, MCP_RATE_WINDOW_MS);
  return limiter.take(clientAddress(request, trustProxy), Date.now());
}

/** The answer to a message sent by POST: a JSON-RPC response, or 202 for a notification. */
export async function answerMcpMessage(request: Request): Promise<Response> {
  const rate = take(request);
  if (!rate.allowed) {
    return refusal(
      429,
      SERVER_REFUSAL,
      `Too many requests. Retry after ${rate.resetSeconds} seconds.`,
      {
        'retry-after': String(rate.resetSeconds),
        ...rateLimitHeaders(rate),
      },
    );
  }
  let parsedBody: unknown;
  try {
    // The sandbox's own wait: a slow sender holds nothing for longer than a sandbox request.
    const { bodyTimeoutMs } = serverConfig().sandbox;
    parsedBody = JSON.parse(await readBodyText(request, MAX_MCP_BODY_BYTES, bodyTimeoutMs));
  } catch (caught) {
    if (caught instanceof BodyTooLargeError) {
      return refusal(
        413,
        SERVER_REFUSAL,
        `A message may be at most ${MAX_MCP_BODY_BYTES / 1024} KiB.`,
      );
    }
    if (caught instanceof BodyTimeoutError) return refusal(408, SERVER_REFUSAL, caught.message);
    if (caught instanceof SyntaxError) return refusal(400, PARSE_ERROR, 'The body is not JSON.');
    throw caught;
  }
  // A batch would run many messages on one count of the rate: no version this server offers has them.
  if (Array.isArray(parsedBody)) {
    return refusal(
      400,
      INVALID_REQUEST,
      'Invalid Request: send one JSON-RPC message per POST; MCP has no batches.',
    );
  }
  const version = request.headers.get('mcp-protocol-version');
  if (!isOfferedVersion(version)) {
    return refusal(
      400,
      SERVER_REFUSAL,
      `Unsupported protocol version ${version}: this server speaks ${OFFERED_PROTOCOL_VERSIONS.join(', ')}.`,
    );
  }
  const server = createMcpServer(request);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request, {
      parsedBody: withOfferedVersion(parsedBody),
    });
    response.headers.set('cache-control', 'no-store');
    return response;
  } finally {
    void server.close();
  }
}

/** Stateless: there is no stream to open by GET and no session to end by DELETE. */
export function refuseMcpMethod(): Response {
  return refusal(405, SERVER_REFUSAL, 'Method not allowed: send MCP messages with POST.', {
    allow: 'POST',
  });
}
