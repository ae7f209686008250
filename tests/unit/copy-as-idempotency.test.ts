// "Copy as" after a send: the copy takes a new Idempotency-Key and a comment naming the spent one.
import { describe, expect, it } from 'vitest';
import { requestCode, withNewIdempotencyKey } from '@/lib/console/code';
import { wireRequest } from '@/lib/console/request';

const sent = wireRequest('POST', '/v1/customers', {
  path: {},
  query: {},
  headers: { 'Idempotency-Key': 'spent-key' },
  body: { name: 'Amelia' },
});

describe('Copy as after a send', () => {
  it('replaces the spent key and says how to replay it, in every language', () => {
    const fresh = withNewIdempotencyKey(sent, 'new-key');
    expect(fresh.spentKey).toBe('spent-key');
    expect(fresh.request.headers).toContainEqual(['Idempotency-Key', 'new-key']);
    const [curl, javascript, python] = requestCode(fresh.request, 'http://x', true, fresh.spentKey);
    expect(curl).toMatch(/^# A new Idempotency-Key: send spent-key instead/);
    expect(curl).toContain("-H 'Idempotency-Key: new-key'");
    expect(javascript).toMatch(/^\/\/ A new Idempotency-Key: send spent-key/);
    expect(python).toMatch(/^# A new Idempotency-Key: send spent-key/);
    expect([curl, javascript, python].join('\n').match(/spent-key/g)).toHaveLength(3);
  });

  it('leaves a request without a key as it was', () => {
    const get = wireRequest('GET', '/v1/customers', { path: {}, query: {}, headers: {} });
    expect(withNewIdempotencyKey(get, 'new-key')).toEqual({ request: get });
    expect(requestCode(get, 'http://x', true)[0]).toMatch(/^curl /);
  });
});
