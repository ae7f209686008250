// The MCP server at /mcp as an assistant uses it: the SDK's own client over HTTP against the
// production build, what it offers and how it answers outside the protocol, and a whole refund
// rehearsed in a sandbox through the tools alone. Its docs tools are tested in
// mcp-docs-tools.test.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectMcp } from '../support/mcp-client';
import { CHARGE } from '../support/sandbox-session';
import { sandboxToken } from '../support/sandbox-token';

const site = inject('baseUrl');
let mcp: Awaited<ReturnType<typeof connectMcp>>;

beforeAll(async () => {
  mcp = await connectMcp(site);
});
afterAll(() => mcp.close());

describe('the MCP server', () => {
  it('offers the docs and sandbox tools, every page as a resource, and the integration prompt', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'call_api',
      'explain_error',
      'get_operation',
      'list_events',
      'list_scenarios',
      'open_sandbox',
      'read_page',
      'search_docs',
      'verify_signature',
    ]);
    const { resources } = await mcp.client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        'kestrel://docs/',
        'kestrel://docs/resources/refunds',
        'kestrel://docs/webhooks',
        'kestrel://openapi.yaml',
      ]),
    );
    const refunds = await mcp.client.readResource({ uri: 'kestrel://docs/resources/refunds' });
    const exported = await (await fetch(`${site}/resources/refunds.md`)).text();
    expect(refunds.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: exported });
    const openapi = await mcp.client.readResource({ uri: 'kestrel://openapi.yaml' });
    expect(openapi.contents[0]).toMatchObject({
      mimeType: 'application/yaml',
      text: await (await fetch(`${site}/openapi.yaml`)).text(),
    });
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('integrate-payment-flow');
    const prompt = await mcp.client.getPrompt({
      name: 'integrate-payment-flow',
      arguments: { language: 'python' },
    });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('kestrel://docs/resources/charges');
    expect(text).toContain('tc_test_visa');
  });

  it('answers GET with 405 and a body that is not JSON with a parse error', async () => {
    const get = await fetch(`${site}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const garbled = await fetch(`${site}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{"jsonrpc": "2.0", ',
    });
    expect(garbled.status).toBe(400);
    expect((await garbled.json()).error.code).toBe(-32700);
  });
});

describe('the sandbox through the tools', () => {
  it('creates a charge, refunds part of it, and verifies the refund’s webhook', async () => {
    const opened = await mcp.call('open_sandbox');
    expect(opened.isError).toBe(false);
    const { token, signing_secret: secret } = opened.json;
    expect(token).toMatch(/^kp_at_/);
    const created = await mcp.createCharge(token);
    expect(created.json.status).toBe(201);
    expect(created.json.request.idempotency_key).toMatch(/^mcp-/);
    const chargeId = created.json.body.id;
    // Part of it, under a key of its own, so that sending it again replays it.
    const refundRequest = {
      token,
      method: 'POST',
      path: '/v1/refunds',
      body: { charge_id: chargeId, amount: 5000, reason: 'cancelled_booking' },
      idempotency_key: 'partial-refund-1',
    };
    const refund = await mcp.call('call_api', refundRequest);
    expect(refund.json).toMatchObject({ status: 201, body: { amount: 5000, status: 'pending' } });
    const replay = await mcp.call('call_api', refundRequest);
    expect(replay.json.headers['idempotent-replayed']).toBe('true');
    expect(replay.json.body.id).toBe(refund.json.body.id);

    let delivery: { headers: Record<string, string>; body: string } | undefined;
    await expect
      .poll(
        async () => {
          const { json } = await mcp.call('list_events', { token, type: 'refund.succeeded' });
          delivery = json.events[0];
          return json.events.length;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);
    expect(JSON.parse(delivery!.body).data.object.id).toBe(refund.json.body.id);
    const header = delivery!.headers['Kestrel-Signature'] ?? delivery!.headers['kestrel-signature'];
    const verified = await mcp.call('verify_signature', {
      payload: delivery!.body,
      header,
      secret,
    });
    expect(verified.json).toMatchObject({ verdict: 'verified', ok: true });
    const reserialised = await mcp.call('verify_signature', {
      payload: JSON.stringify(JSON.parse(delivery!.body), null, 2),
      header,
      secret,
      token,
    });
    expect(reserialised.json).toMatchObject({ verdict: 'body-changed', ok: false });
    expect(reserialised.json.detail).toContain('raw body');
  });

  it('answers a request exactly as the sandbox answers a terminal, errors included', async () => {
    const { json: opened } = await mcp.call('open_sandbox');
    const invalid = { ...CHARGE, amount: 'twelve pounds' };
    const viaTool = await mcp.call('call_api', {
      token: opened.token,
      method: 'POST',
      path: '/v1/charges',
      body: invalid,
    });
    const terminalToken = await sandboxToken(site);
    const direct = await fetch(`${site}/sandbox/v1/charges`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${terminalToken}`,
        'content-type': 'application/json',
        'idempotency-key': 'terminal-invalid-amount',
      },
      body: JSON.stringify(invalid),
    });
    expect(viaTool.isError).toBe(false);
    expect(viaTool.json.status).toBe(direct.status);
    // The same error but for the request's own id.
    const withoutId = (error: Record<string, unknown>) => ({ ...error, request_id: undefined });
    expect(withoutId(viaTool.json.body.error)).toEqual(withoutId((await direct.json()).error));
    expect(viaTool.json.body.error.code).toBe('parameter_invalid');
  });

  it('refuses a body sent as a string of JSON, as the terminal does, creating nothing', async () => {
    const { json: opened } = await mcp.call('open_sandbox');
    const customer = { name: 'Zed', email: 'z@example.com' };
    const asString = await mcp.call('call_api', {
      token: opened.token,
      method: 'POST',
      path: '/v1/customers',
      body: JSON.stringify(customer),
    });
    expect(asString.json.status).toBe(400);
    expect(asString.json.body.error).toMatchObject({ code: 'parameter_invalid', param: null });
    expect(asString.json.body.error.message).toContain('not a string holding it');
    const listed = await mcp.call('call_api', {
      token: opened.token,
      method: 'GET',
      path: '/v1/customers',
      query: { limit: '100' },
    });
    expect(listed.json.body.data.map((c: { email: string }) => c.email)).not.toContain(
      'z@example.com',
    );
  });

  it('refuses a path outside the API, a bad token and a body over the sandbox’s size', async () => {
    const { json: opened } = await mcp.call('open_sandbox');
    for (const path of ['/inbox', '/v1/../inbox', '/v1/charges/../../../mcp', '/v1//charges']) {
      const outside = await mcp.call('call_api', { token: opened.token, method: 'GET', path });
      expect(outside.isError, path).toBe(true);
      expect(outside.text).toContain('/v1/charges');
    }
    const badToken = await mcp.call('list_events', { token: 'kp_at_not-a-real-token' });
    expect(badToken.isError).toBe(true);
    expect(badToken.text).toMatch(/token_invalid.*open_sandbox/);
    const notAToken = await mcp.call('call_api', {
      token: 'sk_test_123',
      method: 'GET',
      path: '/v1/charges',
    });
    expect(notAToken.isError).toBe(true);
    expect(notAToken.text).toContain('kp_at_');
    const large = await mcp.call('call_api', {
      token: opened.token,
      method: 'POST',
      path: '/v1/charges',
      body: { ...CHARGE, description: 'x'.repeat(40 * 1024) },
    });
    expect(large.json.status).toBe(413);
  });

  it('holds 20 sessions at once, each searching, opening a sandbox and calling it', async () => {
    const sessions = await Promise.all(Array.from({ length: 20 }, () => connectMcp(site)));
    try {
      const runs = await Promise.all(
        sessions.map(async (session) => {
          const found = await session.call('search_docs', { query: 'capture a charge' });
          const { json: opened } = await session.call('open_sandbox');
          const listed = await session.call('call_api', {
            token: opened.token,
            method: 'GET',
            path: '/v1/charges',
            query: { limit: 3 },
          });
          return [found.isError, opened.token !== undefined, listed.json.status];
        }),
      );
      expect(runs).toEqual(Array.from({ length: 20 }, () => [false, true, 200]));
    } finally {
      await Promise.all(sessions.map((session) => session.close()));
    }
  });
});
