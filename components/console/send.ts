// Sends a console request to the sandbox and records the exchange: status, headers, timing, body.
import type { WireRequest } from '@/lib/console/request';

export type Exchange = {
  request: WireRequest;
  /** Whether the bearer token went with it. */
  authenticated: boolean;
  status: number;
  statusText: string;
  headers: [string, string][];
  /** The `Kestrel-Request-Id` the sandbox gave it, which the events it causes name. */
  requestId: string | null;
  text: string;
  /** The body as JSON, when it is JSON. */
  json?: unknown;
  /** From sending to the last byte of the body, in milliseconds. */
  ms: number;
};

/** Dispatched on `window` after each answer from the sandbox, so the request log can refresh. */
export const SANDBOX_ANSWERED_EVENT = 'kestrel:sandbox-answered';

/** A refusal or failure of the sandbox in one sentence, from its error envelope when it has one. */
export function sandboxFailure(status: number, body: unknown): string {
  if (status === 404 && !body) return 'The sandbox is switched off on this site.';
  const message = (body as { error?: { message?: string } } | null)?.error?.message;
  return message ?? `The sandbox answered ${status}.`;
}

/** Sends the request, with the token when given; a network failure rejects with a reason. */
export async function send(request: WireRequest, token?: string): Promise<Exchange> {
  const headers = new Headers(request.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(request.url, { method: request.method, headers, body: request.body });
  } catch {
    throw new Error('The sandbox could not be reached. Check your connection and try again.');
  }
  const text = await response.text();
  window.dispatchEvent(new Event(SANDBOX_ANSWERED_EVENT));
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  return {
    request,
    authenticated: Boolean(token),
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    requestId: response.headers.get('kestrel-request-id'),
    text,
    json,
    ms: Math.round(performance.now() - started),
  };
}
