// The console's validation in the browser says what the sandbox says: the generated validator
// module of each operation, run as the browser runs it, against the sandbox's own answer to the
// same request.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { problemsOf, type Validators } from '@/components/console/validators';
import { aheadOfNow } from '@/lib/console/opening-values';
import { operationSpec } from '@/lib/console/operation-spec';
import { setValue, wireRequest } from '@/lib/console/request';
import type { OperationSpec, RequestValues } from '@/lib/console/spec';
import { VALIDATOR_RUNTIME_MODULES, validatorModule } from '@/lib/console/validator-module';
import { loadDocument } from '@/lib/openapi/document';
import { allOperations } from '@/lib/openapi/operations';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { createSandbox } from '@/lib/sandbox/sandbox';
import { source } from '@/lib/source';
import { sandboxConfig } from '../support/sandbox-server';

const document = loadDocument();
const links = await source.links();
const folder = mkdtempSync(path.join(tmpdir(), 'console-validators-'));
const runtime = createRequire(import.meta.url);

const modules = new Map<string, string>();
const moduleOf = (operationId: string) => {
  if (!modules.has(operationId)) modules.set(operationId, validatorModule(document, operationId));
  return modules.get(operationId)!;
};

/** Imports an operation's generated module as a browser would, with the Ajv runtime it asks for. */
async function validatorsOf(operationId: string): Promise<Validators> {
  const file = path.join(folder, `${operationId}.mjs`);
  writeFileSync(file, moduleOf(operationId));
  const generated = (await import(pathToFileURL(file).href)) as {
    default: (require: (name: string) => unknown) => Validators;
  };
  return generated.default((name) => runtime(name));
}

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

  it('finds nothing wrong with any documented example, as the console opens it', async () => {
    for (const { operation } of allOperations(document)) {
      const spec = operationSpec(document, operation.operationId, links);
      const validators = await validatorsOf(operation.operationId);
      const opened = aheadOfNow(spec, spec.example, Date.now());
      expect(problemsOf(validators, spec, opened), operation.operationId).toEqual([]);
    }
  });

  it('opens a documented date that must be in the future, and has passed, ahead of today', () => {
    const spec = operationSpec(document, 'createScheduledPayment', links);
    const now = Date.parse('2030-01-01T12:00:00Z');
    expect(spec.ahead).toEqual([{ field: 'due_date', date: true }]);
    expect((aheadOfNow(spec, spec.example, now).body as { due_date: string }).due_date).toBe(
      '2030-01-03',
    );
  });

  it('asks the browser only for the Ajv runtime the console provides', () => {
    for (const { operation } of allOperations(document)) {
      const code = moduleOf(operation.operationId);
      for (const [, name] of code.matchAll(/require\("([^"]+)"\)/g)) {
        expect(VALIDATOR_RUNTIME_MODULES, operation.operationId).toContain(name);
      }
    }
  });
});
