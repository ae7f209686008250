import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import type { SchemaView } from '@/lib/openapi/schema';
import { applyBody, mergeMetadata } from '@/lib/sandbox/changes';
import { construct, requireComplete } from '@/lib/sandbox/construct';
import { buildModel } from '@/lib/sandbox/model';
import { timestamp } from '@/lib/sandbox/time';

const model = buildModel(loadDocument());
const now = Date.parse('2026-06-01T12:00:00Z');

const field = (types: string[], extra: Partial<SchemaView> = {}): SchemaView => ({
  types,
  nullable: false,
  constraints: [],
  properties: {},
  required: [],
  ...extra,
});

describe('a new object from the declared sources of its properties', () => {
  it('takes the request, a fresh key and time, and leaves what nobody sent null or empty', () => {
    const customer = construct(model, 'customer', {
      request: { name: 'Zed Example', email: 'zed@example.com' },
      key: 'cus_fresh',
      now,
    });
    expect(customer).toEqual({
      id: 'cus_fresh',
      object: 'customer',
      name: 'Zed Example',
      email: 'zed@example.com',
      phone: null,
      address: null,
      // Derived: the customer's machine says which card is charged by default.
      default_tokenised_card_id: undefined,
      metadata: {},
      created_at: '2026-06-01T12:00:00Z',
    });
  });

  it("takes a request field's stated default when it is not sent", () => {
    const refund = construct(model, 'refund', {
      request: { charge_id: 'ch_x' },
      key: 're_fresh',
      now,
    });
    expect(refund.reason).toBe('requested_by_customer');
    expect(refund.charge_id).toBe('ch_x');
  });

  it('leaves derived fields to the machine, and refuses an object it did not complete', () => {
    const booking = construct(model, 'booking', {
      request: {
        reference: 'KP-1',
        customer_id: 'cus_x',
        total_amount: 50000,
        currency: 'GBP',
        departure_date: '2026-08-14',
      },
      key: 'bk_fresh',
      now,
    });
    expect(booking.amount_due).toBeUndefined();
    expect(() => requireComplete(model, booking)).toThrow(/without amount_paid .*amount_due/);
    Object.assign(booking, { amount_paid: 0, amount_due: 50000, status: 'pending' });
    expect(requireComplete(model, booking)).toBe(booking);
  });

  it('gives the values a machine works out, whatever their source', () => {
    const card = construct(model, 'tokenised_card', {
      given: { brand: 'visa', last4: '1111' },
      key: 'tc_fresh',
      now,
    });
    expect(card).toMatchObject({
      id: 'tc_fresh',
      brand: 'visa',
      last4: '1111',
      funding: undefined,
    });
  });
});

describe('an update applied to its object', () => {
  it('merges nested objects and metadata, where an empty string removes a key', () => {
    expect(mergeMetadata({ a: '1', b: '2' }, { b: '', c: '3' })).toEqual({ a: '1', c: '3' });
    const view = field(['object'], {
      properties: {
        evidence: field(['object'], {
          properties: { explanation: field(['string']), urls: field(['array']) },
        }),
      },
    });
    const updated = applyBody(
      { evidence: { explanation: null, urls: ['a'] } },
      { evidence: { explanation: 'Stayed', unknown: 1 } },
      view,
    );
    expect(updated).toEqual({ evidence: { explanation: 'Stayed', urls: ['a'] } });
    expect(applyBody({ a: 1 }, { b: 2 }, view)).toEqual({ a: 1 });
  });

  it('writes timestamps to the second in UTC, as the documentation does', () => {
    expect(timestamp(Date.parse('2026-03-14T09:30:00.789Z'))).toBe('2026-03-14T09:30:00Z');
  });
});
