// The console's pure pieces: form inputs to JSON and back, requests from values, shareable links,
// the event stream reader, and which events a request caused.
import { describe, expect, it } from 'vitest';
import { causedBy, latestState, type Delivery } from '@/lib/console/deliveries';
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
  const delivery = (
    id: string,
    type: string,
    object: object,
    request: string | null,
    eventId = `evt_${id}`,
  ): Delivery => ({
    id,
    event_id: eventId,
    type,
    delivered_at: '2026-03-14T09:30:02Z',
    headers: {},
    body: JSON.stringify({
      type,
      request: request && { id: request, idempotency_key: null },
      data: { object },
    }),
  });
  const card = { tokenised_card_id: 'tc_test_visa' };
  // Newest first, as the inbox lists them.
  const inbox = [
    delivery('whd_7', 'charge.failed', { id: 'ch_2222222', ...card }, 'req_B', 'evt_whd_5'),
    delivery('whd_6', 'chargeback.created', { id: 'cb_1234567', charge_id: 'ch_2222222' }, 'req_B'),
    delivery('whd_5', 'charge.failed', { id: 'ch_2222222', ...card }, 'req_B'),
    delivery('whd_4', 'charge.failed', { id: 'ch_9999999', status: 'failed' }, null),
    delivery('whd_3', 'refund.succeeded', { id: 're_1234567', charge_id: 'ch_1111111' }, 'req_A'),
    delivery('whd_2', 'charge.succeeded', { id: 'ch_1111111', ...card }, 'req_A'),
    delivery('whd_1', 'charge.succeeded', { id: 'ch_0000000', ...card }, 'req_0'),
  ];

  it('are those whose event names the request, later ones too, each event once, oldest first', () => {
    const types = (ids: string[]) => causedBy(inbox, ids).map((event) => event.type);
    // Not the events of earlier requests about the same test card, nor those of time passing.
    expect(types(['req_B'])).toEqual(['charge.failed', 'chargeback.created']);
    expect(types(['req_A'])).toEqual(['charge.succeeded', 'refund.succeeded']);
    expect(types(['req_A', 'req_0'])).toEqual([
      'charge.succeeded',
      'charge.succeeded',
      'refund.succeeded',
    ]);
    expect(types([])).toEqual([]);
  });

  it('show the latest state of the object, as its last event carries it', () => {
    const events = causedBy(
      [
        delivery(
          'whd_2',
          'charge.failed',
          { id: 'ch_1234567', status: 'failed', failure_code: 'do_not_honour' },
          'req_A',
        ),
        delivery('whd_1', 'charge.succeeded', { id: 'ch_1234567', status: 'succeeded' }, 'req_A'),
      ],
      ['req_A'],
    );
    expect(latestState({ id: 'ch_1234567', status: 'pending' }, events)).toMatchObject({
      status: 'failed',
      failure_code: 'do_not_honour',
    });
    expect(latestState({ id: 'ch_none000', status: 'pending' }, events).status).toBe('pending');
  });
});
