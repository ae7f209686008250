import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import {
  DEFAULT_REQUEST_LOG_PAGE,
  loggedMessage,
  loggedRequestMessage,
  maskAuthorization,
  MAX_LOGGED_BODY_BYTES,
  MAX_LOGGED_REQUESTS,
  MAX_REQUEST_LOG_BYTES,
  pageOfLog,
  truncateBody,
} from '@/lib/sandbox/request-log';
import { operationMatcher } from '@/lib/sandbox/request-log-api';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { loggedRequest, requestLogContract } from './request-log-store-contract';

requestLogContract('the memory store', async (limits) => new MemoryStore(limits));

describe('a request log entry', () => {
  it('keeps a body up to the cap whole, and cuts a longer one with a marker on a character', () => {
    expect(truncateBody('{"a":1}')).toEqual({ body: '{"a":1}', body_truncated: false });
    const long = `${'a'.repeat(MAX_LOGGED_BODY_BYTES - 1)}é${'b'.repeat(100)}`;
    const cut = truncateBody(long);
    expect(cut.body_truncated).toBe(true);
    expect(cut.body).toBe(`${'a'.repeat(MAX_LOGGED_BODY_BYTES - 1)}… [102 more bytes not logged]`);
  });

  it('masks the bearer token and never keeps the private key', () => {
    const token = 'kp_at_6a1f00001234567890abcdef9c3e';
    expect(maskAuthorization(`Bearer ${token}`)).toBe('Bearer kp_at_6a1f…9c3e');
    const message = loggedMessage(
      [
        ['Authorization', `Bearer ${token}`],
        ['X-Note', SANDBOX_KEY_PAIR.privateKey],
      ],
      JSON.stringify({ private_key: SANDBOX_KEY_PAIR.privateKey }),
    );
    const text = JSON.stringify(message);
    expect(text).not.toContain(token);
    expect(text).not.toContain(SANDBOX_KEY_PAIR.privateKey);
    expect(message.headers.authorization).toBe('Bearer kp_at_6a1f…9c3e');
  });

  it('keeps the headers the client sent, not those the site’s server adds to a request', () => {
    const message = loggedRequestMessage(
      [
        ['content-type', 'application/json'],
        ['x-socket-address-0f3c9a2e', '10.0.0.1'],
        ['content-security-policy', "script-src 'nonce-x'"],
      ],
      '',
    );
    expect(Object.keys(message.headers)).toEqual(['content-type']);
  });
});

describe('a page of the request log', () => {
  const entries = ['r5', 'r4', 'r3', 'r2', 'r1'].map((id) => loggedRequest(id));

  it('lists summaries newest first, with a cursor to the next page', () => {
    const first = pageOfLog(entries, { limit: 2 });
    expect(first.data.map((entry) => entry.id)).toEqual(['r5', 'r4']);
    expect(first.data[0]).not.toHaveProperty('request');
    expect(first).toMatchObject({ has_more: true, next_cursor: 'r4' });
    const last = pageOfLog(entries, { limit: 2, startingAfter: 'r2' });
    expect(last).toMatchObject({ has_more: false, next_cursor: null });
    expect(last.data.map((entry) => entry.id)).toEqual(['r1']);
  });

  it('refuses a cursor that is not in the log', () => {
    expect(() => pageOfLog(entries, { limit: 2, startingAfter: 'req_gone' })).toThrow(
      /No request req_gone/,
    );
  });
});

describe('the operation of a logged request', () => {
  const match = operationMatcher([
    { operationId: 'getCharge', method: 'get', path: '/v1/charges/{charge_id}' },
    { operationId: 'searchCharges', method: 'get', path: '/v1/charges/search' },
    { operationId: 'captureCharge', method: 'post', path: '/v1/charges/{charge_id}/capture' },
  ] as Parameters<typeof operationMatcher>[0]);

  it('is the documented one, literal paths before parameters, with its path parameters', () => {
    expect(match('GET', '/v1/charges/ch_1')).toEqual({
      operationId: 'getCharge',
      params: { charge_id: 'ch_1' },
    });
    expect(match('GET', '/v1/charges/search')?.operationId).toBe('searchCharges');
    expect(match('POST', '/v1/charges/ch_1/capture')?.params).toEqual({ charge_id: 'ch_1' });
    expect(match('DELETE', '/v1/charges/ch_1')).toBeUndefined();
  });
});

describe('the Testing page', () => {
  it('states the request log’s limits as the sandbox keeps them', () => {
    const page = readFileSync('content/docs/testing.mdx', 'utf8');
    const section = page.slice(page.indexOf('## Request log'), page.indexOf('## Automate'));
    expect(section).toContain(`the last ${MAX_LOGGED_REQUESTS} requests`);
    expect(section).toContain(`at most ${MAX_REQUEST_LOG_BYTES / 1024} KiB`);
    expect(section).toContain(`longer than ${MAX_LOGGED_BODY_BYTES / 1024} KiB`);
    expect(section).toContain(`Pages hold ${DEFAULT_REQUEST_LOG_PAGE} unless`);
    expect(section).toContain(`\`limit\` (1 to ${MAX_LOGGED_REQUESTS})`);
  });
});
