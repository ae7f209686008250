// The audit log as the Audit page and the AuditEvent schema describe it: the API requests that
// the document says are recorded each leave one audit event, naming the key pair, address and
// request behind it and each field changed, before and after, never a secret, a private key or
// a full account number.
import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { responseValidator } from '../../support/sandbox-contract';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, patch, remove } = sandboxForEachTest();
const validResponse = responseValidator(loadDocument());

type AuditEvent = {
  id: string;
  action: string;
  actor: { type: string; email: string | null; api_key_id: string | null };
  resource_type: string;
  resource_id: string;
  changes: Record<string, unknown[]>;
  source: string;
  ip_address: string | null;
  request_id: string | null;
};

/** The audit events of one object, newest first, checked against the documented list. */
async function auditOf(resourceId: string): Promise<AuditEvent[]> {
  const listed = await get(`/v1/audit_events?resource_id=${resourceId}`);
  expect(listed.status).toBe(200);
  expect(validResponse('listAuditEvents', 200, listed.body)).toEqual([]);
  return listed.body.data;
}

const SUPPLIER = 'sup_2Lw8Hd';
/** The Solmar Hotel Group's account number in the story, and a new one. */
const STORY_ACCOUNT_NUMBER = '71043306';
const NEW_ACCOUNT_NUMBER = '12345678';
const BANK_ACCOUNT = {
  account_holder_name: 'Harbour Lane Travel Ltd',
  currency: 'GBP',
  country: 'GB',
  sort_code: '20-45-77',
  account_number: '31924417',
};
const ENDPOINT = {
  url: 'https://agent.example.com/webhooks/audit',
  enabled_events: ['refund.succeeded'],
  description: 'Refund updates',
};

describe('the audit log of API requests', () => {
  it('records the creation and revocation of a key pair, by the key pair, address and request behind them', async () => {
    const created = await post('/v1/api_keys', { name: 'Reporting job', roles: ['viewer'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const keyId = created.body.id as string;
    const revoked = await post(`/v1/api_keys/${keyId}/revoke`);
    expect(revoked.status).toBe(200);
    // A refused request records nothing.
    expect((await post(`/v1/api_keys/${keyId}/revoke`)).status).toBe(409);

    const events = await auditOf(keyId);
    expect(events.map((event) => event.action)).toEqual(['api_key.revoked', 'api_key.created']);
    const [revocation, creation] = events;
    for (const event of events) {
      expect(event).toMatchObject({
        actor: { type: 'api_key', email: null, api_key_id: SANDBOX_KEY_PAIR.id },
        resource_type: 'api_key',
        resource_id: keyId,
        source: 'api',
      });
      expect(isIP(event.ip_address ?? '')).not.toBe(0);
    }
    expect(creation!.request_id).toBe(created.headers.get('kestrel-request-id'));
    expect(revocation!.request_id).toBe(revoked.headers.get('kestrel-request-id'));
    expect(creation!.changes).toEqual({ name: [null, 'Reporting job'], roles: [null, ['viewer']] });
    expect(revocation!.changes).toEqual({ status: ['active', 'revoked'] });

    const byAction = (await get('/v1/audit_events?action=api_key.revoked')).body.data;
    expect(byAction.map((event: AuditEvent) => event.id)).toContain(revocation!.id);
    expect((await get(`/v1/audit_events/${revocation!.id}`)).body).toEqual(revocation);
  });

  it('maps each field an update changed to a two-item array of its value before and after', async () => {
    const before = (await get(`/v1/suppliers/${SUPPLIER}`)).body;
    const updated = await patch(`/v1/suppliers/${SUPPLIER}`, {
      name: before.name,
      email: 'payments@solmarhotels.example',
      metadata: { region: 'balearics' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const [event] = await auditOf(SUPPLIER);
    expect(event).toMatchObject({ action: 'supplier.updated', resource_type: 'supplier' });
    // The name was sent unchanged: only what moved is recorded.
    expect(event!.changes).toEqual({
      email: [before.email, 'payments@solmarhotels.example'],
      metadata: [before.metadata, { ...before.metadata, region: 'balearics' }],
    });
    const everyEntry = (await get('/v1/audit_events?limit=100')).body.data.flatMap(
      (audit: AuditEvent) => Object.values(audit.changes),
    );
    expect(everyEntry.length).toBeGreaterThan(2);
    for (const entry of everyEntry) expect(entry).toHaveLength(2);
  });

  it('gives a creation null before values, and a removal an empty changes object', async () => {
    const created = await post('/v1/webhook_endpoints', ENDPOINT);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await remove(`/v1/webhook_endpoints/${id}`)).status).toBe(200);
    const [deletion, creation] = await auditOf(id);
    expect(creation).toMatchObject({
      action: 'webhook_endpoint.created',
      changes: {
        url: [null, ENDPOINT.url],
        enabled_events: [null, ENDPOINT.enabled_events],
        description: [null, ENDPOINT.description],
      },
    });
    expect(Object.keys(creation!.changes)).toEqual(['url', 'enabled_events', 'description']);
    expect(deletion).toMatchObject({ action: 'webhook_endpoint.deleted', changes: {} });
  });

  it('never records a secret, a private key or a full account number', async () => {
    const key = await post('/v1/api_keys', { name: 'Booking engine v2', roles: ['agent'] });
    const endpoint = await post('/v1/webhook_endpoints', ENDPOINT);
    const account = await post('/v1/bank_accounts', BANK_ACCOUNT);
    const supplier = await patch(`/v1/suppliers/${SUPPLIER}`, {
      bank_account: {
        account_holder_name: 'Solmar Hotel Group Ltd',
        sort_code: '40-11-62',
        account_number: NEW_ACCOUNT_NUMBER,
      },
    });
    for (const answer of [key, endpoint, account, supplier]) {
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    }
    const secrets = [
      key.body.private_key,
      endpoint.body.secret,
      BANK_ACCOUNT.account_number,
      NEW_ACCOUNT_NUMBER,
      STORY_ACCOUNT_NUMBER,
    ];
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 0)).toBe(true);
    const recorded = [
      ...(await auditOf(key.body.id)),
      ...(await auditOf(endpoint.body.id)),
      ...(await auditOf(account.body.id)),
      ...(await auditOf(SUPPLIER)),
    ];
    expect(recorded.map((event) => event.action)).toEqual([
      'api_key.created',
      'webhook_endpoint.created',
      'bank_account.created',
      'supplier.updated',
    ]);
    const written = JSON.stringify(recorded);
    for (const secret of secrets) expect(written).not.toContain(secret);
    expect(recorded[2]!.changes).toMatchObject({ sort_code: [null, '20-45-77'] });
    expect(recorded[2]!.changes).not.toHaveProperty('account_number');
  });

  it("shows a supplier's bank account masked, before and after a change", async () => {
    const since = (await get('/clock')).body.now as string;
    const changed = await patch(`/v1/suppliers/${SUPPLIER}`, {
      bank_account: {
        account_holder_name: 'Solmar Hotel Group Ltd',
        sort_code: '40-11-62',
        account_number: NEW_ACCOUNT_NUMBER,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The Audit page's worked example: the supplier's supplier.updated events since a date.
    const listed = await get(
      `/v1/audit_events?resource_id=${SUPPLIER}&action=supplier.updated&created_after=${since}`,
    );
    const [event] = listed.body.data as AuditEvent[];
    expect(listed.body.data).toHaveLength(1);
    const masked = (last4: string) => ({
      account_holder_name: 'Solmar Hotel Group Ltd',
      country: 'GB',
      currency: 'GBP',
      sort_code: '40-11-62',
      bic: null,
      last4,
    });
    expect(event!.changes.bank_account).toEqual([
      masked(STORY_ACCOUNT_NUMBER.slice(-4)),
      masked(NEW_ACCOUNT_NUMBER.slice(-4)),
    ]);
    expect(event!.request_id).toBe(changed.headers.get('kestrel-request-id'));
  });
});
