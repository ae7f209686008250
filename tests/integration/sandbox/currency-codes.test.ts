import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { get } = sandboxForEachTest();

describe('a currency code in the path', () => {
  it('is case-insensitive: jpy and JPY return the same currency', async () => {
    const upper = await get('/v1/currencies/JPY');
    const lower = await get('/v1/currencies/jpy');
    const mixed = await get('/v1/currencies/Jpy');
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect(lower.body).toEqual(upper.body);
    expect(mixed.body).toEqual(upper.body);
    expect(lower.body.code).toBe('JPY');
  });

  it('answers 404 with resource_missing for a code Kestrel Pay does not support', async () => {
    const unknown = await get('/v1/currencies/xyz');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('resource_missing');
  });
});
