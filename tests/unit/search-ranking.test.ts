import { describe, expect, it } from 'vitest';
import { createSearchEngine } from '@/lib/search/engine';
import type { SearchRecord } from '@/lib/search/records';

const record = (
  type: SearchRecord['type'],
  path: string,
  hierarchy: string[],
  content: string,
  extra: Partial<SearchRecord> = {},
): SearchRecord => ({
  objectID: `${type}:${extra.name ?? ''}:${path}`,
  title: `${hierarchy[1]} | Kestrel Pay`,
  url: `https://docs.example.com${path}`,
  path,
  hierarchy,
  type,
  content,
  ...extra,
});
const refunds = ['Core Resources', 'Refunds'];
const charges = ['Core Resources', 'Charges'];
const records: SearchRecord[] = [
  record(
    'endpoint',
    '/resources/refunds#create-a-refund',
    [...refunds, 'Create a refund'],
    'Refunds a captured charge.',
    { method: 'POST', endpoint: '/v1/refunds' },
  ),
  record(
    'endpoint',
    '/resources/refunds#list-refunds',
    [...refunds, 'List refunds'],
    'Lists refunds, newest first.',
    { method: 'GET', endpoint: '/v1/refunds' },
  ),
  record('page', '/resources/refunds', refunds, 'Return money to a customer, in full or in part.'),
  record('page', '/resources/charges', charges, 'Take a payment. Authorise now and capture later.'),
  record(
    'endpoint',
    '/resources/charges#cancel-a-charge',
    [...charges, 'Cancel a charge'],
    'Releases the hold on an uncaptured charge.',
    { method: 'POST', endpoint: '/v1/charges/{id}/cancel' },
  ),
  record(
    'section',
    '/resources/charges#authorise-then-capture',
    [...charges, 'Authorise then capture'],
    'An authorised charge is captured before capture_before.',
  ),
  record(
    'field',
    '/resources/charges#charge-capture_before',
    [...charges, 'The charge object'],
    'string, nullable. When the authorisation lapses.',
    { name: 'Charge.capture_before' },
  ),
  record(
    'field',
    '/resources/refunds#refund-status',
    [...refunds, 'The refund object'],
    'string. One of pending, succeeded.',
    { name: 'Refund.status' },
  ),
  record(
    'code',
    '/errors#idempotency_key_reused',
    ['The Basics', 'Errors', 'Error codes'],
    'HTTP 409 · conflict_error. The key was used with another body.',
    { name: 'idempotency_key_reused' },
  ),
  record(
    'event',
    '/webhooks#event-refund-succeeded',
    ['The Basics', 'Webhooks', 'Event types'],
    'Carries the refund in data.object. The refund reached the customer.',
    { name: 'refund.succeeded' },
  ),
  record(
    'section',
    '/idempotency',
    ['The Basics', 'Idempotency'],
    'Send an Idempotency-Key; a reused key with another body is refused.',
  ),
  record(
    'section',
    '/resources/chargebacks',
    ['Core Resources', 'Chargebacks'],
    'A customer disputed a payment with their bank.',
  ),
  record(
    'section',
    '/resources/disbursements',
    ['Core Resources', 'Disbursements'],
    'Pay suppliers from your balance.',
  ),
];
const engine = createSearchEngine(records);
const paths = (query: string) =>
  engine.search(query, { hitsPerPage: 5, pre: '[', post: ']' }).hits.map((hit) => hit.path);

describe('search ranking', () => {
  it('puts the exact name of a code, event or field first', () => {
    expect(paths('idempotency_key_reused')[0]).toBe('/errors#idempotency_key_reused');
    expect(paths('refund.succeeded')[0]).toBe('/webhooks#event-refund-succeeded');
    expect(paths('capture_before')[0]).toBe('/resources/charges#charge-capture_before');
    expect(paths('Charge.capture_before')[0]).toBe('/resources/charges#charge-capture_before');
  });

  it('ranks fields below pages and endpoints unless the query is their name', () => {
    const hits = paths('refund');
    expect(hits.indexOf('/resources/refunds#refund-status')).toBeGreaterThan(
      hits.indexOf('/resources/refunds#list-refunds'),
    );
    expect(paths('status')[0]).toBe('/resources/refunds#refund-status');
  });

  it('shows the resource page a query names before its endpoints', () => {
    expect(paths('refunds')[0]).toBe('/resources/refunds');
    expect(paths('Refunds')[0]).toBe('/resources/refunds');
  });

  it('finds American spellings and other forms of the words the docs use', () => {
    expect(paths('authorize then capture')[0]).toBe('/resources/charges#authorise-then-capture');
    expect(paths('authorized charge')).toContain('/resources/charges#authorise-then-capture');
  });

  it('finds synonyms the docs do not use', () => {
    expect(paths('void a charge')).toContain('/resources/charges#cancel-a-charge');
    expect(paths('dispute')).toEqual(['/resources/chargebacks']);
    expect(paths('payouts')).toEqual(['/resources/disbursements']);
  });

  it('forgives a typo in a word the docs do not have, two in a longer one', () => {
    expect(paths('refudn')).toContain('/resources/refunds');
    expect(paths('refnd').slice(0, 3).sort()).toEqual([
      '/resources/refunds',
      '/resources/refunds#create-a-refund',
      '/resources/refunds#list-refunds',
    ]);
  });

  it('quotes an identifier verbatim before prose that only shares its words', () => {
    expect(paths('Idempotency-Key')[0]).toBe('/idempotency');
  });

  it('highlights the name of a named hit', () => {
    const [hit] = engine.search('capture_before', { hitsPerPage: 1, pre: '[', post: ']' }).hits;
    expect(hit?._highlightResult.name?.value).toBe('Charge.[capture]_[before]');
  });
});
