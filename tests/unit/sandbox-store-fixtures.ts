// What the sandbox store contract (sandbox-store-contract.ts) stores: a sandbox's record, a
// customer, a webhook delivery, a scheduled step and an idempotent replay, and a list's IDs.
import type { SandboxStore, StoreLimits } from '@/lib/sandbox/store/types';

/** A fresh, empty store with the given limits (the documented ones for the rest). */
export type StoreFactory = (limits?: Partial<StoreLimits>) => Promise<SandboxStore>;

export const record = (id: string, expiresAt = 10_000_000) => ({
  id,
  expiresAt,
  signingSecret: 'whsec_x',
  roles: [],
});
export const customer = (id: string, name = 'A') => ({ id, object: 'customer', name });
export const delivery = (id: string) => ({
  id,
  event_id: id,
  type: 'charge.succeeded',
  delivered_at: '',
  headers: {},
  body: 'x'.repeat(100),
});
export const step = (dueAt: number) => ({
  dueAt,
  kind: 'refund',
  key: `re_${dueAt}`,
  from: 'pending',
  changes: {},
  events: [],
  request: { id: `req_${dueAt}`, idempotency_key: null },
});
export const replay = (key: string) => ({
  key,
  fingerprint: 'f',
  status: 200,
  body: { ok: true },
  version: '2026-03-01',
  storedAt: 0,
});
export const ids = (list: { id: string }[]) => list.map(({ id }) => id);
