import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { MAX_LOGGED_BODY_BYTES } from '@/lib/sandbox/request-log';
import { CHARGE } from '../../support/sandbox-session';

// The terminal's way to the request log: plain HTTP to the production server, as curl would.
const baseUrl = inject('baseUrl');

async function call(method: string, path: string, token?: string, body?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['idempotency-key'] = randomUUID();
  }
  const response = await fetch(`${baseUrl}/sandbox${path}`, { method, headers, body });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json = JSON.parse(text) as any;
  return { status: response.status, headers: response.headers, text, body: json };
}

async function newToken(): Promise<string> {
  const keys = { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey };
  return (await call('POST', '/v1/auth/token', undefined, JSON.stringify(keys))).body.access_token;
}

describe('the request log, from a terminal', () => {
  it('lists every request the sandbox served, newest first, and opens one in full', async () => {
    const token = await newToken();
    const sent = JSON.stringify(CHARGE);
    const created = await call('POST', '/v1/charges', token, sent);
    expect(created.status).toBe(201);
    const read = await call('GET', `/v1/charges/${created.body.id}`, token);
    const missing = await call('GET', '/v1/charges/ch_NotInThisSandbox', token);
    expect(missing.status).toBe(404);
    await call('GET', '/v1/charges', 'kp_at_not-a-token');

    const listed = await call('GET', '/requests', token);
    expect(listed.status).toBe(200);
    const ids = [missing, read, created].map((answer) => answer.headers.get('kestrel-request-id'));
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual(ids);
    expect(listed.body.data[2]).toMatchObject({
      object: 'sandbox_request',
      method: 'POST',
      path: '/v1/charges',
      operation_id: expect.any(String),
      status: 201,
      duration_ms: expect.any(Number),
    });
    expect(listed.body.data[1]).toMatchObject({
      path: `/v1/charges/${created.body.id}`,
      path_params: expect.objectContaining({}),
      status: 200,
    });
    expect(Object.values(listed.body.data[1].path_params)).toEqual([created.body.id]);
    expect(Date.parse(listed.body.data[0].started_at)).toBeGreaterThan(Date.now() - 60_000);

    const opened = await call('GET', `/requests/${ids[2]}`, token);
    expect(opened.status).toBe(200);
    expect(opened.body.request.body).toBe(sent);
    expect(opened.body.response.body).toBe(created.text);
    expect(opened.body.response.headers['kestrel-request-id']).toBe(ids[2]);
    expect(opened.body.request.headers.authorization).toMatch(/^Bearer kp_at_\w+…\w{4}$/);
    expect(opened.text).not.toContain(token);
    // Only what the client sent: never a header the site's own server adds, such as its secret-named one.
    const names = Object.keys(opened.body.request.headers);
    expect(names).toContain('content-type');
    expect(
      names.filter((name) => /^(x-socket-address|content-security-policy)/.test(name)),
    ).toEqual([]);
    // Reading the log is not logged.
    expect((await call('GET', '/requests', token)).body.data).toHaveLength(3);
  });

  it('pages with limit and starting_after, and keeps each sandbox’s log to its own token', async () => {
    const token = await newToken();
    for (let count = 0; count < 3; count += 1) await call('GET', '/v1/charges?limit=1', token);
    const first = await call('GET', '/requests?limit=2', token);
    expect(first.body).toMatchObject({ has_more: true, next_cursor: first.body.data[1].id });
    const rest = await call(
      'GET',
      `/requests?limit=2&starting_after=${first.body.next_cursor}`,
      token,
    );
    expect(rest.body.data).toHaveLength(1);
    expect(rest.body.has_more).toBe(false);
    expect((await call('GET', '/requests?limit=0', token)).body.error.param).toBe('limit');

    const other = await newToken();
    const foreign = await call('GET', `/requests/${first.body.data[0].id}`, other);
    expect(foreign.status).toBe(404);
    expect((await call('GET', '/requests', other)).body.data).toEqual([]);
    expect((await call('GET', '/requests')).status).toBe(401);
  });

  it('cuts a long body with a marker, and logs a refused request', async () => {
    const token = await newToken();
    const body = JSON.stringify({ ...CHARGE, description: 'x'.repeat(MAX_LOGGED_BODY_BYTES * 2) });
    const refused = await call('POST', '/v1/charges', token, body);
    expect(refused.status).toBe(400);
    const [entry] = (await call('GET', '/requests', token)).body.data;
    expect(entry.status).toBe(400);
    const opened = (await call('GET', `/requests/${entry.id}`, token)).body;
    expect(opened.request.body_truncated).toBe(true);
    expect(opened.request.body).toMatch(/… \[\d+ more bytes not logged\]$/);
    expect(Buffer.byteLength(opened.request.body)).toBeLessThan(MAX_LOGGED_BODY_BYTES + 100);
    expect(opened.response.body).toBe(refused.text);
  });

  it('leaves out reads of the clock and the inbox, as the workbench polls them, and keeps their writes', async () => {
    const token = await newToken();
    const created = await call('POST', '/v1/charges', token, JSON.stringify(CHARGE));
    for (const path of ['/clock', '/inbox', '/clock', '/inbox']) {
      expect((await call('GET', path, token)).status).toBe(200);
    }
    const stream = new AbortController();
    const streamed = await fetch(`${baseUrl}/sandbox/inbox/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: stream.signal,
    });
    expect(streamed.status).toBe(200);
    stream.abort();
    const advanced = await call('POST', '/clock/advance', token, JSON.stringify({ seconds: 60 }));
    expect(advanced.status).toBe(200);
    const logged = (await call('GET', '/requests', token)).body.data;
    expect(logged.map((entry: { path: string }) => entry.path)).toEqual([
      '/clock/advance',
      '/v1/charges',
    ]);
    expect(logged[1].id).toBe(created.headers.get('kestrel-request-id'));
  });
});
