// Additions reach every version on the day they ship, as the Changelog says: a request pinned to
// the first version, 2025-06-01, still gets the fields, optional parameters and endpoints added
// since; only the breaking changes of 2026-03-01 are undone for it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { call } = sandboxForEachTest();
const FIRST = '2025-06-01';
const { tokenised_card_id: card, ...booking } = CHARGE;

/** A request in the first version. */
const inFirst = (method: string, path: string, body?: unknown) =>
  call(method, path, { 'Kestrel-Version': FIRST, 'Idempotency-Key': randomUUID() }, body);

describe('a request in the first API version', () => {
  it('gets the response fields, optional parameters and endpoints added since', async () => {
    const created = await inFirst('POST', '/v1/charges', {
      ...booking,
      payment_method: card,
      moto: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('kestrel-version')).toBe(FIRST);
    // `card` arrived in 2025-11-01, `moto` and `initiator` in 2026-12-01.
    expect(created.body).toMatchObject({
      payment_method: card,
      initiator: 'moto',
      card: { brand: expect.any(String), last4: expect.any(String) },
    });
    const retrieved = await inFirst('GET', `/v1/charges/${created.body.id}`);
    expect(retrieved.body).toMatchObject({ initiator: 'moto', card: created.body.card });
    // List events arrived in 2025-11-01.
    const events = await inFirst('GET', `/v1/events?object_id=${created.body.id}`);
    expect(events.status).toBe(200);
    expect(events.body.data[0]).toMatchObject({ type: 'charge.succeeded', api_version: FIRST });
  });
});
