// The console's pure pieces: form inputs to JSON and back, requests from values, shareable links,
// the event stream reader, and which events a request caused.
import { describe, expect, it } from 'vitest';
import {
  actedOn,
  emittedBy,
  eventsByStep,
  latestState,
  relatedTo,
  type Delivery,
} from '@/lib/console/deliveries';
import { inputOfValue, parseBody, valueOfInput } from '@/lib/console/form-values';
import { setValue, valueAt, withValueAt, wireRequest } from '@/lib/console/request';
import { decodeShared, encodeShared, shareUrl } from '@/lib/console/share';
import { sseParser, type ServerSentEvent } from '@/lib/console/sse';

describe('form and JSON', () => {
  it('reads typed text as the field type, keeping what is not a value of it as text', () => {
    expect(valueOfInput('integer', '12500')).toBe(12500);
    expect(valueOfInput('integer', '12a')).toBe('12a');
    expect(valueOfInput('number', '-1.5e2')).toBe(-150);
    expect(valueOfInput('boolean', 'false')).toBe(false);
    expect(valueOfInput('json', '{"crm_id":"C-1"}')).toEqual({ crm_id: 'C-1' });
    expect(valueOfInput('json', '{"crm_id":')).toBe('{"crm_id":');
    expect(valueOfInput('string', '')).toBeUndefined();
  });

  it('shows a value in its input as the reader would type it', () => {
    expect(inputOfValue('integer', 12500)).toBe('12500');
    expect(inputOfValue('boolean', true)).toBe('true');
    expect(inputOfValue('json', { a: 1 })).toBe('{"a":1}');
    expect(inputOfValue('json', 'text')).toBe('"text"');
    expect(inputOfValue('string', undefined)).toBe('');
  });

  it('places values by dot path, dropping emptied fields and making nested objects', () => {
    const body = { amount: 1, evidence: { explanation: 'x' } };
    expect(withValueAt(body, ['evidence', 'explanation'], 'y')).toEqual({
      amount: 1,
      evidence: { explanation: 'y' },
    });
    expect(withValueAt(body, ['amount'], undefined)).toEqual({ evidence: { explanation: 'x' } });
    expect(withValueAt(undefined, ['items', '0', 'name'], 'a')).toEqual({ items: [{ name: 'a' }] });
    expect(valueAt({ data: [{ id: 'cb_1' }] }, 'data.0.id')).toBe('cb_1');
    expect(body).toEqual({ amount: 1, evidence: { explanation: 'x' } });
  });

  it('parses the JSON view, or says why it cannot', () => {
    expect(parseBody('')).toEqual({ body: undefined });
    expect(parseBody('{"a":1}')).toEqual({ body: { a: 1 } });
    expect(parseBody('{"a":')).toHaveProperty('error');
  });

  it('builds the request: the path filled and encoded, empty values left out', () => {
    const values = setValue(
      {
        path: { id: 'a/b' },
        query: { limit: '3', status: '' },
        headers: { 'Kestrel-Version': '' },
      },
      'body.amount',
      5,
    );
    expect(wireRequest('PATCH', '/v1/charges/{id}', values)).toEqual({
      method: 'PATCH',
      url: '/sandbox/v1/charges/a%2Fb?limit=3',
      headers: [['Content-Type', 'application/json']],
      body: '{\n  "amount": 5\n}',
    });
    expect(
      wireRequest('GET', '/v1/charges', { path: {}, query: {}, headers: {} }).body,
    ).toBeUndefined();
  });
});

describe('the shareable link', () => {
  const values = {
    path: { id: 'ch_1' },
    query: {},
    headers: { 'Idempotency-Key': 'secret-ish', 'Kestrel-Version': '2026-03-01' },
    body: { description: 'Café ✓ <script>' },
  };

  it('carries the request back, without its Idempotency-Key', () => {
    const encoded = encodeShared('captureCharge', values, 'capture-authorisation');
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeShared(encoded)).toEqual({
      operation: 'captureCharge',
      scenario: 'capture-authorisation',
      path: { id: 'ch_1' },
      query: {},
      headers: { 'Kestrel-Version': '2026-03-01' },
      body: { description: 'Café ✓ <script>' },
    });
    const url = new URL(shareUrl('https://docs.test/resources/charges?x=1#top', encoded));
    expect(url.searchParams.get('try')).toBe(encoded);
    expect(url.hash).toBe('#top');
  });

  it('refuses what this site did not make', () => {
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(decodeShared('%%%')).toBeNull();
    expect(decodeShared(forge({ operation: 'x' }))).toBeNull();
    expect(decodeShared(forge({ ...values, operation: '../../etc' }))).toBeNull();
    expect(decodeShared(forge({ ...values, operation: 'a', path: { id: 1 } }))).toBeNull();
    expect(decodeShared('a'.repeat(40_000))).toBeNull();
  });
});

describe('the event stream reader', () => {
  it('reads events split across chunks, ignoring comments, and reports retry', () => {
    const events: ServerSentEvent[] = [];
    const retries: number[] = [];
    const parser = sseParser(
      (event) => events.push(event),
      (ms) => retries.push(ms),
    );
    parser.push('retry: 3000\n\n: keep-alive\n\nid: whd_1\nevent: deli');
    parser.push('very\ndata: {"a":\ndata: 1}\n\nid: whd_2\ndata: x\n');
    expect(events).toEqual([{ id: 'whd_1', event: 'delivery', data: '{"a":\n1}' }]);
    parser.push('\n');
    expect(events[1]).toEqual({ id: 'whd_2', event: 'message', data: 'x' });
    expect(retries).toEqual([3000]);
  });
});

describe('the events a request caused', () => {
  const delivery = (id: string, type: string, object: object): Delivery => ({
    id,
    event_id: `evt_${id}`,
    type,
    delivered_at: '2026-03-14T09:30:02Z',
    headers: {},
    body: JSON.stringify({ type, data: { object } }),
  });
  // Newest first, as the inbox lists them.
  const inbox = [
    delivery('whd_4', 'booking.updated', { id: 'bk_other0001' }),
    delivery('whd_3', 'chargeback.created', { id: 'cb_1234567', charge_id: 'ch_1234567' }),
    delivery('whd_2', 'charge.failed', {
      id: 'ch_1234567',
      status: 'failed',
      failure_code: 'do_not_honour',
    }),
    delivery('whd_1', 'charge.succeeded', { id: 'ch_1234567', status: 'succeeded' }),
  ];

  it('are the new ones about an object the request named or got back, oldest first', () => {
    const related = relatedTo(
      { url: '/sandbox/v1/charges/ch_1234567/capture', body: '{"amount":1}' },
      { id: 'ch_1234567' },
    );
    expect(emittedBy(inbox, new Set(['whd_1']), related).map((d) => d.type)).toEqual([
      'charge.failed',
      'chargeback.created',
    ]);
  });

  it('show the latest state of the object, as its last event carries it', () => {
    const events = emittedBy(inbox, new Set(), new Set(['ch_1234567']));
    expect(latestState({ id: 'ch_1234567', status: 'pending' }, events)).toMatchObject({
      status: 'failed',
      failure_code: 'do_not_honour',
    });
    expect(latestState({ id: 'ch_none000', status: 'pending' }, events).status).toBe('pending');
  });

  it('in a flow, go to the step that acted on their object, or that made the object they refer to', () => {
    const later = [
      delivery('whd_9', 'refund.succeeded', { id: 're_1234567', charge_id: 'ch_1234567' }),
      delivery('whd_8', 'chargeback.created', { id: 'cb_7654321', charge_id: 'ch_1234567' }),
      delivery('whd_7', 'refund.created', { id: 're_1234567', charge_id: 'ch_1234567' }),
      delivery('whd_6', 'charge.succeeded', { id: 'ch_1234567', customer_id: 'cus_1234567' }),
    ];
    const seen = (...ids: string[]) => new Set(ids);
    const step = (url: string, body: object, answer: { id: string }, seenBefore = seen()) => ({
      seenBefore,
      acted: actedOn({ url, body: JSON.stringify(body) }, answer),
      answerId: answer.id,
      changes: true,
    });
    const steps = [
      step('/sandbox/v1/customers', { name: 'A' }, { id: 'cus_1234567' }),
      step('/sandbox/v1/charges', { customer_id: 'cus_1234567' }, { id: 'ch_1234567' }),
      step('/sandbox/v1/refunds', { charge_id: 'ch_1234567' }, { id: 're_1234567' }, seen('whd_6')),
      // A read that waits for the refund to settle causes nothing.
      { ...step('/sandbox/v1/refunds/re_1234567', {}, { id: 're_1234567' }), changes: false },
    ];
    const types = eventsByStep(later, steps).map((events) => events.map((event) => event.type));
    expect(types).toEqual([
      [],
      ['charge.succeeded', 'chargeback.created'],
      ['refund.created', 'refund.succeeded'],
      [],
    ]);
  });
});
