import { expect } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';

type Send = (request: () => Promise<Response>) => Promise<Response>;

/** Asks the sandbox of the site at `siteUrl` for a token with the documented key pair. */
export function requestSandboxToken(
  siteUrl: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${siteUrl}/sandbox/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      public_key: SANDBOX_KEY_PAIR.publicKey,
      private_key: SANDBOX_KEY_PAIR.privateKey,
    }),
  });
}

/**
 * A new access token from the sandbox of the site at `siteUrl`, as a terminal client asks;
 * `send` may repeat the request, such as after a 429.
 */
export async function sandboxToken(siteUrl: string, send: Send = (request) => request()) {
  const answer = await send(() => requestSandboxToken(siteUrl));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}
