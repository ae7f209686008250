// The sandbox as the MCP tools reach it: requests built as a terminal sends them, answered by the
// sandbox's own handler in this process, counted against the MCP client's own limits.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { serverConfig } from '@/lib/config/server';
import { clientHeaders } from '@/lib/http/client-address';
import { requestOrigin } from '@/lib/http/request-origin';
import { sandboxRoute } from '@/lib/routes';
import { sandbox } from '@/lib/sandbox';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import type { Delivery } from '@/lib/sandbox/store/types';
import { ToolError } from './tool-result';

/** The response headers an integration acts on. */
const TOLD_HEADERS = [
  'kestrel-request-id',
  'idempotent-replayed',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'kestrel-version',
];

export type SandboxAnswer = { status: number; headers: Record<string, string>; body: unknown };

type Call = {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** A sandbox client for the MCP request `request`: its origin and its client's identity. */
export function sandboxClient(request: Request) {
  const { origin } = requestOrigin(request, serverConfig());
  const client = clientHeaders(request);

  async function call({ method, path, token, body, headers = {} }: Call): Promise<SandboxAnswer> {
    const response = await sandbox().handle(
      new Request(new URL(sandboxRoute(path), request.url), {
        method,
        headers: {
          ...client,
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the text as it came.
    }
    const told = Object.fromEntries(
      TOLD_HEADERS.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );
    return { status: response.status, headers: told, body: parsed };
  }

  /** The answer, or a tool error naming the sandbox's own code and what to do. */
  function accepted(answer: SandboxAnswer, doing: string) {
    if (answer.status < 300) return answer.body;
    const error = (answer.body as { error?: { code?: string; message?: string } } | null)?.error;
    const reopen = answer.status === 401 ? ' Open a new sandbox with open_sandbox.' : '';
    throw new ToolError(
      `The sandbox refused ${doing} with ${answer.status}${error?.code ? ` ${error.code}` : ''}: ${error?.message ?? 'no message'}.${reopen}`,
    );
  }

  return {
    origin,
    call,
    /** A new access token for a sandbox of its own, with the documented key pair. */
    async openSandbox() {
      const answer = await call({
        method: 'POST',
        path: '/v1/auth/token',
        body: { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey },
      });
      return accepted(answer, 'a new token') as { access_token: string; expires_in: number };
    },
    /** The sandbox's signing secrets and deliveries, newest first. */
    async inbox(token: string) {
      const answer = await call({ method: 'GET', path: '/inbox', token });
      return accepted(answer, 'reading the inbox') as {
        signing_secret: string;
        previous_signing_secret?: string;
        data: Delivery[];
      };
    },
    /** A new Idempotency-Key, for a POST sent without one. */
    newIdempotencyKey: () => `mcp-${randomUUID()}`,
  };
}

export type SandboxClient = ReturnType<typeof sandboxClient>;
