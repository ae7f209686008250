import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { sandboxForEachTest } from '../../support/sandbox-session';

// Key pairs as their endpoints describe them: pinned to the current API version unless asked
// otherwise, and unchangeable once revoked.
const { post, get, patch } = sandboxForEachTest();

const document = loadDocument();
/** The version the document describes, which a new pair defaults to. */
const CURRENT_VERSION = document.info.version;
const EARLIER_VERSION = (document.components.schemas.ApiVersion!.enum as string[]).find(
  (version) => version !== CURRENT_VERSION,
)!;

describe('a new key pair', () => {
  it('has the current API version when created without api_version', async () => {
    const created = await post('/v1/api_keys', { name: 'Finance export', roles: ['viewer'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.api_version).toBe(CURRENT_VERSION);
    expect((await get(`/v1/api_keys/${created.body.id}`)).body.api_version).toBe(CURRENT_VERSION);
  });

  it('keeps the api_version it is created with', async () => {
    const created = await post('/v1/api_keys', {
      name: 'Legacy booking engine',
      roles: ['agent'],
      api_version: EARLIER_VERSION,
    });
    expect(created.body.api_version).toBe(EARLIER_VERSION);
  });
});

describe('a revoked key pair', () => {
  it('cannot be changed: an update answers 409 api_key_revoked and changes nothing', async () => {
    const created = await post('/v1/api_keys', { name: 'Booking engine', roles: ['agent'] });
    expect((await post(`/v1/api_keys/${created.body.id}/revoke`)).body.status).toBe('revoked');
    for (const change of [
      { name: 'Booking engine (web)' },
      { roles: ['viewer'] },
      { api_version: EARLIER_VERSION },
    ]) {
      const refused = await patch(`/v1/api_keys/${created.body.id}`, change);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('api_key_revoked');
    }
    expect((await get(`/v1/api_keys/${created.body.id}`)).body).toMatchObject({
      name: 'Booking engine',
      roles: ['agent'],
      api_version: CURRENT_VERSION,
      status: 'revoked',
    });
  });
});
