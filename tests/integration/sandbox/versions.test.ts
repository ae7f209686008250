import { describe, expect, it } from 'vitest';
import { CHARGE, useSandbox } from '../../support/sandbox-session';

const sandbox = useSandbox();
const { post, get } = sandbox;
const EARLIER = { 'Kestrel-Version': '2025-11-01' };
const { tokenised_card_id: card, ...booking } = CHARGE;

describe('API versions chosen with Kestrel-Version', () => {
  it('answer in the current version without the header, and say so', async () => {
    const created = await post('/v1/charges', CHARGE);
    expect(created.headers.get('kestrel-version')).toBe(sandbox.model().versions.current);
    expect(created.body.tokenised_card_id).toBe(card);
  });

  it('read and write the saved card under its earlier name before 2026-03-01', async () => {
    const created = await post('/v1/charges', { ...booking, payment_method: card }, EARLIER);
    expect(created.status).toBe(201);
    expect(created.headers.get('kestrel-version')).toBe('2025-11-01');
    expect(created.body.payment_method).toBe(card);
    expect(created.body).not.toHaveProperty('tokenised_card_id');
    const customer = await server('GET', '/v1/customers/cus_5Tr9Wm');
    expect(customer.body.default_payment_method).toBe(card);
    const current = (await get(`/v1/charges/${created.body.id}`)).body;
    expect(current.tokenised_card_id).toBe(card);
  });

  it('report the specific decline codes as card_declined before 2026-03-01', async () => {
    const lost = { ...booking, payment_method: 'tc_test_lost_card' };
    const declined = await post('/v1/charges', lost, EARLIER);
    expect(declined.body).toMatchObject({ status: 'failed', failure_code: 'card_declined' });
    expect((await get(`/v1/charges/${declined.body.id}`)).body.failure_code).toBe('lost_card');
    const short = { ...booking, payment_method: 'tc_test_insufficient_funds' };
    expect((await post('/v1/charges', short, EARLIER)).body.failure_code).toBe(
      'insufficient_funds',
    );
  });

  it('need an Idempotency-Key on actions from 2026-03-01 only', async () => {
    const held = await post('/v1/charges', { ...CHARGE, capture: false });
    const current = await sandbox.call('POST', `/v1/charges/${held.body.id}/capture`);
    expect(current.body.error).toMatchObject({
      code: 'parameter_missing',
      param: 'Idempotency-Key',
    });
    const earlier = await sandbox.call('POST', `/v1/charges/${held.body.id}/capture`, EARLIER);
    expect(earlier.status).toBe(200);
    expect(earlier.body.status).toBe('succeeded');
    const create = await sandbox.call('POST', '/v1/charges', EARLIER, CHARGE);
    expect(create.body.error.param).toBe('Idempotency-Key');
  });

  it('write events in the version of the request, and resends in the endpoint version', async () => {
    const paid = (await post('/v1/charges', CHARGE)).body;
    const [event] = (await server('GET', `/v1/events?object_id=${paid.id}`)).body.data;
    expect(event).toMatchObject({ api_version: '2025-11-01', data: { object: { id: paid.id } } });
    expect(event.data.object.payment_method).toBe(card);
    const endpoint = await post('/v1/webhook_endpoints', {
      url: 'https://agent.example.com/webhooks/kestrel',
      enabled_events: ['*'],
      api_version: '2025-06-01',
    });
    await post(`/v1/events/${event.id}/resend`, { webhook_endpoint_id: endpoint.body.id });
    const [resent] = (await get('/inbox')).body.data;
    expect(JSON.parse(resent.body)).toMatchObject({
      id: event.id,
      api_version: '2025-06-01',
      data: { object: { payment_method: card } },
    });
  });

  /** A call in the earlier version. */
  function server(method: string, path: string) {
    return sandbox.call(method, path, EARLIER);
  }
});

describe('the version headers', () => {
  it('refuse an unknown version', async () => {
    const answer = await sandbox.call('GET', '/v1/charges', { 'Kestrel-Version': '2024-01-01' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe('Kestrel-Version');
  });
});
