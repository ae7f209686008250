import { describe, expect, it } from 'vitest';
import type { SchemaView } from '@/lib/openapi/schema';
import {
  applyBody,
  clearUnsent,
  mergeMetadata,
  synthesize,
  timestamp,
} from '@/lib/sandbox/synthesis';

const field = (types: string[], extra: Partial<SchemaView> = {}): SchemaView => ({
  types,
  nullable: false,
  constraints: [],
  properties: {},
  required: [],
  ...extra,
});

const chargeView = field(['object'], {
  properties: {
    id: field(['string']),
    object: field(['string']),
    amount: field(['integer']),
    description: field(['string'], { nullable: true }),
    capture: field(['boolean']),
    capture_before: field(['string'], { nullable: true, format: 'date-time' }),
    metadata: field(['object']),
    created_at: field(['string'], { format: 'date-time' }),
  },
});
const bodyView = field(['object'], {
  properties: {
    amount: field(['integer']),
    description: field(['string']),
    capture: field(['boolean'], { defaultValue: true }),
    metadata: field(['object']),
  },
});
const example = {
  id: 'ch_3MtwBwLk',
  object: 'charge',
  amount: 12500,
  description: 'Deposit for KP-2026-00417',
  capture: false,
  capture_before: '2026-03-21T09:30:00Z',
  metadata: { agent_id: 'web-checkout' },
  created_at: '2026-03-14T09:30:00Z',
};

describe('response synthesis', () => {
  it('starts from the example, takes the request, a fresh key and dates from now', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const object = synthesize({
      example,
      view: chargeView,
      body: { amount: 4200, metadata: { trip: 'Mallorca' } },
      bodyView,
      keyField: 'id',
      key: 'ch_fresh',
      now,
    });
    expect(object).toEqual({
      id: 'ch_fresh',
      object: 'charge',
      amount: 4200,
      description: null,
      capture: true,
      capture_before: '2026-06-08T12:00:00Z',
      metadata: { trip: 'Mallorca' },
      created_at: '2026-06-01T12:00:00Z',
    });
  });

  it('clears fields the caller could have sent but did not: default, null, empty object', () => {
    expect(clearUnsent(example, {}, bodyView, chargeView)).toMatchObject({
      capture: true,
      description: null,
      metadata: {},
      amount: 12500,
    });
  });

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
