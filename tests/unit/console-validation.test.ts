// The console's validation in the browser says what the sandbox says: the generated validator
// module of each operation, run as the browser runs it, against the sandbox's own answer to the
// same request. Every operation's module is checked whole in
// tests/integration/console-validator-modules.test.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '@/components/console/validators';
import { aheadOfNow } from '@/lib/console/opening-values';
import { operationSpec } from '@/lib/console/operation-spec';
import { setValue, wireRequest } from '@/lib/console/request';
import type { OperationSpec, RequestValues } from '@/lib/console/spec';
import { loadDocument } from '@/lib/openapi/document';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { createSandbox } from '@/lib/sandbox/sandbox';
import { source } from '@/lib/source';
import { validatorsOf } from '../support/console-validators';
import { sandboxConfig } from '../support/sandbox-server';

const document = loadDocument();
const links = await source.links();

const sandbox = createSandbox({ config: sandboxConfig() });
const token = await (async () => {
  const response = await sandbox.handle(
    new Request('http://docs.test/sandbox/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        public_key: SANDBOX_KEY_PAIR.publicKey,
        private_key: SANDBOX_KEY_PAIR.privateKey,
      }),
    }),
  );
  return ((await response.json()) as { access_token: string }).access_token;
})();

/** What the sandbox answers the request with. */
async function sandboxError(spec: OperationSpec, values: RequestValues, text?: string) {
  const request = wireRequest(spec.method, spec.path, values, text);
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${token}`);
  const response = await sandbox.handle(
    new Request(`http://docs.test${request.url}`, {
      method: spec.method,
      headers,
      body: request.body,
    }),
  );
  return ((await response.json()) as { error?: unknown }).error;
}

type Case = [string, string, (values: RequestValues) => RequestValues, string?];

const cases: Case[] = [
  ['a missing body field', 'createCharge', (v) => setValue(v, 'body.amount', undefined)],
  ['a string for an integer', 'createCharge', (v) => setValue(v, 'body.amount', '12a')],
  ['a value outside the pattern', 'createCharge', (v) => setValue(v, 'body.currency', 'gbp')],
  ['an unknown body field', 'createCharge', (v) => setValue(v, 'body.surprise', 1)],
  ['a missing header', 'createCharge', (v) => setValue(v, 'headers.Idempotency-Key', '')],
  ['a value outside an enum', 'listCharges', (v) => setValue(v, 'query.status', 'bogus')],
  ['a limit out of range', 'listCharges', (v) => setValue(v, 'query.limit', '1000')],
  ['an invalid email', 'createCustomer', (v) => setValue(v, 'body.email', 'not-an-email')],
  [
    'a nested field too long',
    'submitChargebackEvidence',
    (v) => setValue(v, 'body.evidence.explanation', 'x'.repeat(30_001)),
  ],
  ['a body that is not JSON', 'createCustomer', (v) => v, '{ "name": '],
];

describe('validation in the browser', () => {
  it.each(cases)('explains %s as the sandbox does (%s)', async (_, operationId, change, text) => {
    const spec = operationSpec(document, operationId, links);
    const keyed = spec.parameters.header.some((field) => field.name === 'Idempotency-Key');
    const values = keyed
      ? setValue(spec.example, 'headers.Idempotency-Key', randomUUID())
      : spec.example;
    const broken = change(values);
    const [first] = problemsOf(await validatorsOf(operationId), spec, broken, text);
    expect(first).toBeDefined();
    expect(await sandboxError(spec, broken, text)).toMatchObject(first!);
  });

  it('opens a documented date that must be in the future, and has passed, ahead of today', () => {
    const spec = operationSpec(document, 'createScheduledPayment', links);
    const now = Date.parse('2030-01-01T12:00:00Z');
    expect(spec.ahead).toEqual([{ field: 'due_date', date: true }]);
    expect((aheadOfNow(spec, spec.example, now).body as { due_date: string }).due_date).toBe(
      '2030-01-03',
    );
  });
});
