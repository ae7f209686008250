// The tools that act, only ever on a sandbox the assistant opened: its token is every call's key.
import 'server-only';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { checkSignature } from '@/lib/console/signature';
import { explainVerdict } from '@/lib/console/verdict';
import { MAX_BODY_BYTES, TOKEN_LIFETIME_SECONDS } from '@/lib/sandbox/limits';
import { MAX_LISTED_EVENTS } from './limits';
import type { SandboxClient } from './sandbox-client';
import { answered, jsonResult } from './tool-result';

const token = z
  .string()
  .trim()
  .regex(/^kp_at_[\w.-]+$/, 'must be the access token open_sandbox returned, starting kp_at_')
  .max(1000)
  .describe('The token open_sandbox returned');

const SANDBOX_ONLY = { openWorldHint: false } as const;

/** What a query value may be; arrays repeat the parameter. */
const queryValue = z.union([z.string().max(500), z.number(), z.boolean()]);

export function registerSandboxTools(server: McpServer, client: SandboxClient) {
  server.registerTool(
    'open_sandbox',
    {
      title: 'Open a sandbox',
      description: `Opens an empty sandbox of the Kestrel Pay API on this site and returns its access token (valid ${TOKEN_LIFETIME_SECONDS / 60} minutes) and webhook signing secret. Pass the token to call_api, list_events and verify_signature. It acts on nothing but this sandbox, which no one else sees.`,
      inputSchema: {},
      annotations: { ...SANDBOX_ONLY, readOnlyHint: false, destructiveHint: false },
    },
    () =>
      answered('open_sandbox', async () => {
        const issued = await client.openSandbox();
        const inbox = await client.inbox(issued.access_token);
        return jsonResult({
          token: issued.access_token,
          expires_in: issued.expires_in,
          signing_secret: inbox.signing_secret,
          base_url: `${client.origin}/sandbox`,
          next: 'Create objects with call_api; their webhook events arrive in list_events, signed with signing_secret.',
        });
      }),
  );

  server.registerTool(
    'call_api',
    {
      title: 'Call the sandbox API',
      description: `Sends one request to the sandbox opened with open_sandbox, validated and answered exactly as the sandbox answers a terminal: the status, the headers an integration acts on (Kestrel-Request-Id, Idempotent-Replayed, Retry-After, RateLimit-*) and the JSON body, errors included. A POST without idempotency_key gets a new one, returned so a retry can reuse it. Bodies up to ${MAX_BODY_BYTES / 1024} KiB; the sandbox's rate limits apply. get_operation gives each operation's parameters; list_scenarios the test values.`,
      inputSchema: {
        token,
        method: z.enum(['GET', 'POST', 'PATCH', 'DELETE']),
        path: z
          .string()
          .trim()
          .regex(
            /^\/v1(\/[\w-][\w.-]*)+$/,
            'must be an API path such as /v1/charges or /v1/refunds/re_123, without the query',
          )
          .max(500),
        query: z
          .record(z.string().max(100), z.union([queryValue, z.array(queryValue).max(50)]))
          .optional(),
        body: z.unknown().optional().describe('The JSON body of a POST or PATCH'),
        idempotency_key: z.string().trim().min(1).max(255).optional(),
        kestrel_version: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an API version such as 2026-12-01')
          .optional(),
      },
      annotations: {
        ...SANDBOX_ONLY,
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
      },
    },
    ({ token, method, path, query, body, idempotency_key, kestrel_version }) =>
      answered('call_api', async () => {
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(query ?? {})) {
          for (const each of [value].flat()) search.append(name, String(each));
        }
        const key = idempotency_key ?? (method === 'POST' ? client.newIdempotencyKey() : undefined);
        const answer = await client.call({
          method,
          path: search.size ? `${path}?${search}` : path,
          token,
          body,
          headers: {
            ...(key ? { 'idempotency-key': key } : {}),
            ...(kestrel_version ? { 'kestrel-version': kestrel_version } : {}),
          },
        });
        return jsonResult({
          request: { method, path, ...(key ? { idempotency_key: key } : {}) },
          ...answer,
        });
      }),
  );

  server.registerTool(
    'list_events',
    {
      title: 'List webhook events',
      description:
        "The webhook deliveries of the sandbox, newest first: each event's type, its Kestrel-Signature header and the exact body that was signed, with the sandbox's signing secret. Events of asynchronous steps arrive a few seconds after the call that started them.",
      inputSchema: {
        token,
        type: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .optional()
          .describe('Only events of this type, such as refund.succeeded'),
        limit: z.number().int().min(1).max(MAX_LISTED_EVENTS).default(10),
      },
      annotations: { ...SANDBOX_ONLY, readOnlyHint: true },
    },
    ({ token, type, limit }) =>
      answered('list_events', async () => {
        const inbox = await client.inbox(token);
        const events = inbox.data
          .filter((delivery) => !type || delivery.type === type)
          .slice(0, limit)
          .map((delivery) => ({
            delivery_id: delivery.id,
            event_id: delivery.event_id,
            type: delivery.type,
            delivered_at: delivery.delivered_at,
            headers: delivery.headers,
            body: delivery.body,
          }));
        return jsonResult({ signing_secret: inbox.signing_secret, count: events.length, events });
      }),
  );

  server.registerTool(
    'verify_signature',
    {
      title: 'Verify a webhook signature',
      description:
        "Checks a Kestrel-Signature header against a body and a signing secret as the webhook workbench does, and explains a failure: a malformed header, a timestamp outside the five-minute tolerance, the wrong secret, or a body re-serialised or changed. With the sandbox's token it also recognises the sandbox's own secrets and bodies.",
      inputSchema: {
        payload: z
          .string()
          .max(MAX_BODY_BYTES * 2)
          .describe('The raw request body, exactly as received'),
        header: z.string().max(2000).describe('The Kestrel-Signature header value'),
        secret: z.string().max(200).describe('The whsec_ signing secret'),
        token: token.optional(),
      },
      annotations: { ...SANDBOX_ONLY, readOnlyHint: true },
    },
    ({ payload, header, secret, token }) =>
      answered('verify_signature', async () => {
        const inbox = token ? await client.inbox(token) : undefined;
        const known = {
          secrets: inbox
            ? [
                inbox.signing_secret,
                ...(inbox.previous_signing_secret ? [inbox.previous_signing_secret] : []),
              ]
            : [],
          bodies: inbox?.data.map((delivery) => delivery.body) ?? [],
        };
        const verdict = await checkSignature(
          { payload, header, secret, now: Math.floor(Date.now() / 1000) },
          known,
        );
        return jsonResult({ verdict: verdict.kind, ...explainVerdict(verdict) });
      }),
  );
}
