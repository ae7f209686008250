import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config/env';
import { fingerprint, replayOf } from '@/lib/sandbox/idempotency';
import { RATE_LIMIT_REQUESTS } from '@/lib/sandbox/limits';
import { readScenarios, scenarioFor } from '@/lib/sandbox/model/scenarios';
import { filterObjects, paginate } from '@/lib/sandbox/pagination';
import { RateLimiter } from '@/lib/sandbox/rate-limit';

const objects = ['c3', 'c2', 'c1'].map((id, index) => ({
  id,
  object: 'charge',
  status: index === 1 ? 'failed' : 'succeeded',
  created_at: `2026-03-1${4 - index}T00:00:00Z`,
}));

describe('sandbox rules', () => {
  it('reads its configuration from the environment, on by default', () => {
    expect(parseConfig({}).sandbox).toEqual({
      enabled: true,
      rateLimitRequests: RATE_LIMIT_REQUESTS,
    });
    expect(parseConfig({ SANDBOX_ENABLED: 'false', SANDBOX_RATE_LIMIT: '10' }).sandbox).toEqual({
      enabled: false,
      rateLimitRequests: 10,
    });
    expect(() => parseConfig({ SANDBOX_ENABLED: 'maybe' })).toThrow(/SANDBOX_ENABLED/);
  });

  it('pages with cursors and filters by fields and time', () => {
    const key = (object: Record<string, unknown>) => String(object.id);
    expect(paginate(objects, { limit: 2 }, key)).toMatchObject({
      has_more: true,
      next_cursor: 'c2',
    });
    expect(paginate(objects, { limit: 2, starting_after: 'c2' }, key).data.map(key)).toEqual([
      'c1',
    ]);
    expect(paginate(objects, { ending_before: 'c1' }, key).data.map(key)).toEqual(['c3', 'c2']);
    expect(() => paginate(objects, { starting_after: 'nope' }, key)).toThrow(/nope/);
    expect(filterObjects(objects, { status: 'failed' }, ['status']).map(key)).toEqual(['c2']);
    expect(filterObjects(objects, { created_after: '2026-03-13T00:00:00Z' }, []).map(key)).toEqual([
      'c3',
      'c2',
    ]);
  });

  it('counts requests per client in fixed windows', () => {
    const limiter = new RateLimiter(2, 1000);
    expect([0, 1, 2].map(() => limiter.take('a', 0).allowed)).toEqual([true, true, false]);
    expect(limiter.take('b', 0).allowed).toBe(true);
    expect(limiter.take('a', 1000)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('replays the same request, refuses another under the same key, forgets after 24 hours', () => {
    const print = fingerprint('createCharge', '/v1/charges', { a: 1, b: 2 });
    expect(fingerprint('createCharge', '/v1/charges', { b: 2, a: 1 })).toBe(print);
    const record = { key: 'k', fingerprint: print, status: 201, body: {}, storedAt: 0 };
    expect(replayOf(record, print, 1000)).toBe(record);
    expect(() => replayOf(record, 'other', 1000)).toThrow(/different request body/);
    expect(replayOf(record, 'other', 25 * 60 * 60 * 1000)).toBeUndefined();
  });

  it('reads test scenarios and finds the one a request triggers', () => {
    const scenarios = readScenarios({
      'x-test-scenarios': [
        {
          id: 'refund-fails',
          group: 'Refunds',
          title: 'Refund fails',
          operation: 'createRefund',
          trigger: { field: 'amount', value: 1313 },
          outcome: { status: 'failed', events: ['refund.failed'] },
        },
      ],
    });
    expect(scenarioFor(scenarios, 'createRefund', { amount: 1313 })?.id).toBe('refund-fails');
    expect(scenarioFor(scenarios, 'createRefund', { amount: 1314 })).toBeUndefined();
    expect(() => readScenarios({ 'x-test-scenarios': [{ id: 'x' }] })).toThrow(
      /x-test-scenarios\/0/,
    );
  });
});
