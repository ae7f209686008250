import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config/env';
import { clientAddress, UNTRUSTED_CLIENTS } from '@/lib/http/client-address';
import { loadDocument } from '@/lib/openapi/document';
import { fingerprint, idempotently, replayOf } from '@/lib/sandbox/idempotency';
import { CONCURRENT_REQUESTS, REQUESTS_PER_SECOND, TOKENS_PER_MINUTE } from '@/lib/sandbox/limits';
import { buildModel } from '@/lib/sandbox/model';
import { filterObjects } from '@/lib/sandbox/list-filters';
import { filterOf } from '@/lib/sandbox/model/operations';
import { paginate } from '@/lib/sandbox/pagination';
import { ConcurrencyLimiter, rateLimitHeaders, RateLimiter } from '@/lib/sandbox/rate-limit';
import { scenarioFor } from '@/lib/sandbox/scenarios';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { versionOf } from '@/lib/sandbox/versions';

const objects = ['c3', 'c2', 'c1'].map((id, index) => ({
  id,
  object: 'charge',
  status: index === 1 ? 'failed' : 'succeeded',
  created_at: `2026-03-1${4 - index}T00:00:00Z`,
}));

describe('sandbox configuration', () => {
  it('is on by default with the documented limits, and reads each variable', () => {
    expect(parseConfig({})).toMatchObject({
      trustProxy: false,
      sandbox: {
        enabled: true,
        limits: {
          requestsPerSecond: REQUESTS_PER_SECOND,
          tokensPerMinute: TOKENS_PER_MINUTE,
          concurrentRequests: CONCURRENT_REQUESTS,
        },
      },
    });
    const set = parseConfig({
      SANDBOX_ENABLED: 'false',
      SANDBOX_RATE_LIMIT: '10',
      SANDBOX_AUTH_RATE_LIMIT: '3',
      SANDBOX_CONCURRENCY_LIMIT: '2',
      TRUST_PROXY: 'true',
    });
    expect(set).toMatchObject({
      trustProxy: true,
      sandbox: {
        enabled: false,
        limits: { requestsPerSecond: 10, tokensPerMinute: 3, concurrentRequests: 2 },
      },
    });
    expect(() => parseConfig({ SANDBOX_ENABLED: 'maybe' })).toThrow(/SANDBOX_ENABLED/);
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ SANDBOX_AUTH_RATE_LIMIT: '0' })).toThrow(/SANDBOX_AUTH_RATE_LIMIT/);
  });

  it('trusts X-Forwarded-For only behind a proxy, and then only its last address', () => {
    const request = new Request('http://site.test/sandbox/v1/charges', {
      headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' },
    });
    expect(clientAddress(request, false)).toBe(UNTRUSTED_CLIENTS);
    expect(clientAddress(request, true)).toBe('198.51.100.9');
    expect(clientAddress(new Request('http://site.test/'), true)).toBe(UNTRUSTED_CLIENTS);
  });
});

describe('sandbox lists', () => {
  const key = (object: Record<string, unknown>) => String(object.id);

  it('page with cursors and filter by fields and time', () => {
    expect(paginate(objects, { limit: 2 }, key)).toMatchObject({
      has_more: true,
      next_cursor: 'c2',
    });
    expect(paginate(objects, { limit: 2, starting_after: 'c2' }, key).data.map(key)).toEqual([
      'c1',
    ]);
    expect(paginate(objects, { ending_before: 'c1' }, key).data.map(key)).toEqual(['c3', 'c2']);
    expect(() => paginate(objects, { starting_after: 'nope' }, key)).toThrow(/nope/);
    const status = filterOf({ name: 'status', in: 'query' });
    const createdAfter = filterOf({
      name: 'created_after',
      in: 'query',
      'x-filter': { field: 'created_at', compare: 'at_or_after' },
    });
    expect(filterObjects(objects, { status: 'failed' }, [status]).map(key)).toEqual(['c2']);
    expect(
      filterObjects(objects, { created_after: '2026-03-13T00:00:00Z' }, [createdAfter]).map(key),
    ).toEqual(['c3', 'c2']);
  });

  it('filter events by a family of types and by the object they are about', () => {
    const events = [
      { id: 'e1', object: 'event', type: 'charge.failed', data: { object: { id: 'ch_1' } } },
      { id: 'e2', object: 'event', type: 'refund.created', data: { object: { id: 're_1' } } },
    ];
    const filters = [
      filterOf({ name: 'type', in: 'query' }),
      filterOf({ name: 'object_id', in: 'query', 'x-filter': { field: 'data.object.id' } }),
    ];
    expect(filterObjects(events, { type: 'charge.*' }, filters).map(key)).toEqual(['e1']);
    expect(filterObjects(events, { object_id: 're_1' }, filters).map(key)).toEqual(['e2']);
  });
});

describe('sandbox limits', () => {
  it('count requests per client in fixed windows, and report them as the documented headers', () => {
    const limiter = new RateLimiter(2, 1000);
    expect([0, 1, 2].map(() => limiter.take('a', 0).allowed)).toEqual([true, true, false]);
    expect(limiter.take('b', 0).allowed).toBe(true);
    const next = limiter.take('a', 1000);
    expect(next).toMatchObject({ allowed: true, remaining: 1 });
    expect(rateLimitHeaders(next)).toEqual({
      'RateLimit-Limit': '2',
      'RateLimit-Remaining': '1',
      'RateLimit-Reset': '1',
    });
  });

  it('hold a client to its requests in progress', () => {
    const limiter = new ConcurrencyLimiter(2);
    expect([limiter.enter('a'), limiter.enter('a'), limiter.enter('a')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limiter.enter('b')).toBe(true);
    limiter.leave('a');
    expect(limiter.enter('a')).toBe(true);
  });
});

describe('sandbox idempotency', () => {
  it('replays the same request, refuses another under the same key, forgets after 24 hours', () => {
    const print = fingerprint('createCharge', '/v1/charges', { a: 1, b: 2 });
    expect(fingerprint('createCharge', '/v1/charges', { b: 2, a: 1 })).toBe(print);
    expect(fingerprint('createRefund', '/v1/refunds', { a: 1, b: 2 })).not.toBe(print);
    const record = {
      key: 'k',
      fingerprint: print,
      status: 201,
      body: {},
      version: '2026-03-01',
      storedAt: 0,
    };
    expect(replayOf(record, print, 1000)).toBe(record);
    expect(() => replayOf(record, 'other', 1000)).toThrow(/different request body/);
    expect(replayOf(record, 'other', 25 * 60 * 60 * 1000)).toBeUndefined();
  });

  it('answers a request whose key another request still holds with idempotency_request_in_progress', async () => {
    const store = new MemoryStore();
    await store.open(
      { id: 's', expiresAt: Number.MAX_SAFE_INTEGER, signingSecret: 'x', roles: [] },
      0,
    );
    const options = {
      store,
      sandboxId: 's',
      key: 'k',
      fingerprint: 'f',
      now: 0,
      requestId: 'req_1',
      version: '2026-03-01',
      errors: buildModel(loadDocument()).errors,
    };
    let finish!: () => void;
    const first = idempotently(options, async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { status: 201, body: { id: 'ch_1' } };
    });
    await expect(
      idempotently(options, async () => ({ status: 500, body: {} })),
    ).rejects.toMatchObject({
      code: 'idempotency_request_in_progress',
      headers: { 'Retry-After': '1' },
    });
    finish();
    expect(await first).toEqual({ status: 201, body: { id: 'ch_1' }, version: '2026-03-01' });
    const replay = await idempotently(options, async () => ({ status: 500, body: {} }));
    expect(replay).toMatchObject({ status: 201, body: { id: 'ch_1' }, replayed: true });
  });
});

describe('sandbox scenarios and versions', () => {
  const model = buildModel(loadDocument());
  const createCharge = model.operations.get('createCharge')!;
  const request = (body: Record<string, unknown>) => ({ body, params: {}, query: {} });

  it('find the scenario a request triggers, with the documented defaults of its other fields', () => {
    const card = { tokenised_card_id: 'tc_test_authentication_required' };
    expect(scenarioFor(model.scenarios, createCharge, request(card))?.id).toBe(
      '3ds-off-session-required',
    );
    expect(
      scenarioFor(model.scenarios, createCharge, request({ ...card, off_session: false }))?.id,
    ).toBe('3ds-challenge-required');
    const visa = { tokenised_card_id: 'tc_test_visa' };
    expect(scenarioFor(model.scenarios, createCharge, request(visa))?.id).toBe(
      'saved-card-success',
    );
    expect(
      scenarioFor(model.scenarios, createCharge, request({ ...visa, capture: false }))?.id,
    ).toBe('authorise-only');
    expect(
      scenarioFor(model.scenarios, createCharge, request({ tokenised_card_id: 'tc_4Nf8xPz' })),
    ).toBeUndefined();
  });

  it('answer in the requested API version, or the current one', () => {
    const { versions } = model;
    expect(versions.current).toBe(loadDocument().info.version);
    expect(versionOf(versions, '2025-06-01')).toBe('2025-06-01');
    expect(versionOf(versions, undefined)).toBe(versions.current);
    expect(versionOf(versions, '1999-01-01')).toBe(versions.current);
  });
});
