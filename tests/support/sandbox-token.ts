import { expect } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';

/** A new access token from the sandbox of the site at `siteUrl`, as a terminal client asks. */
export async function sandboxToken(siteUrl: string): Promise<string> {
  const answer = await fetch(`${siteUrl}/sandbox/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      public_key: SANDBOX_KEY_PAIR.publicKey,
      private_key: SANDBOX_KEY_PAIR.privateKey,
    }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()).access_token;
}
