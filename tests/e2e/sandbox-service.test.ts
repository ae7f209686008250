import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { startSite } from '@/scripts/lib/site-server';
import { baseUrl } from './browser';
import { SERVED_LIMITS } from '../support/served-limits';

const api = `${baseUrl}/sandbox`;

async function token(): Promise<string> {
  const response = await fetch(`${api}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      public_key: SANDBOX_KEY_PAIR.publicKey,
      private_key: SANDBOX_KEY_PAIR.privateKey,
    }),
  });
  return (await response.json()).access_token;
}

// The built site serves the sandbox API and its inbox under /sandbox, with no configuration.
describe('the sandbox on the built site', () => {
  it('creates, retrieves and lists an object with a fresh token', async () => {
    const authorization = `Bearer ${await token()}`;
    const created = await fetch(`${api}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ name: 'Amelia Hart', email: 'amelia@example.com' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('kestrel-request-id')).toMatch(/^req_/);
    expect(created.headers.get('kestrel-version')).toBe(loadDocument().info.version);
    // The limit the server is configured with (its default is held by the sandbox's own tests).
    const limit = Number(SERVED_LIMITS.SANDBOX_RATE_LIMIT);
    expect(created.headers.get('ratelimit-limit')).toBe(String(limit));
    expect(Number(created.headers.get('ratelimit-remaining'))).toBeLessThan(limit);
    const customer = await created.json();
    const retrieved = await fetch(`${api}/v1/customers/${customer.id}`, {
      headers: { authorization },
    });
    expect(await retrieved.json()).toEqual(customer);
    const list = await (
      await fetch(`${api}/v1/customers?limit=1`, { headers: { authorization } })
    ).json();
    expect(list.data[0].id).toBe(customer.id);
  });

  it('streams a signed event live through the server, compressed as a browser asks', async () => {
    const authorization = `Bearer ${await token()}`;
    const controller = new AbortController();
    const stream = await fetch(`${api}/inbox/stream`, {
      headers: { authorization, 'accept-encoding': 'gzip' },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    await fetch(`${api}/v1/charges`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        amount: 12500,
        currency: 'GBP',
        booking_id: 'bk_8Jd2kLq',
        tokenised_card_id: 'tc_4Nf8xPz',
      }),
    });
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes('event: delivery')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toContain('charge.succeeded');
    expect(text).toMatch(/"Kestrel-Signature":"t=\d+,v1=[0-9a-f]{64}"/);
  });
});

describe('the sandbox switched off', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite({ env: { SANDBOX_ENABLED: 'false' } });
  });
  afterAll(() => site?.stop());

  it('answers 404 on every sandbox path, and the docs still render', async () => {
    const token = await fetch(`${site.url}/sandbox/v1/auth/token`, { method: 'POST' });
    expect(token.status).toBe(404);
    expect((await fetch(`${site.url}/sandbox/inbox`)).status).toBe(404);
    expect((await fetch(`${site.url}/errors`)).status).toBe(200);
  });
});
