// The business rules of the document: a vocabulary checked on load, rendered by the reference and
// the console's form, predicted by the console, and refused in one message style.
import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { problemsOf, type Validators } from '@/components/console/validators';
import { operationSpec } from '@/lib/console/operation-spec';
import { preparations } from '@/lib/console/scenario-runs';
import { validatorModule } from '@/lib/console/validator-module';
import { checkRules, loadDocument, type Schema } from '@/lib/openapi/document';
import { allOperations } from '@/lib/openapi/operations';
import { SandboxError } from '@/lib/sandbox/errors';
import { MAX_BODY_BYTES } from '@/lib/sandbox/limits';
import { createValidator } from '@/lib/sandbox/validation';
import { ruleProblem, type RuleInput } from '@/lib/sandbox/validation-rule-checks';
import { excerpt, MAX_QUOTED_CHARACTERS } from '@/lib/sandbox/validation-messages';
import { source } from '@/lib/source';
import { bodyWith, breakingValue, ruleCases } from '../support/rule-cases';
import { exampleRequests } from '../support/sandbox-contract';

const document = loadDocument();
const links = await source.links();
const folder = mkdtempSync(path.join(tmpdir(), 'rule-validators-'));
const runtime = createRequire(import.meta.url);
/** The one style of a refusal about a field: `The description parameter must be at most 255 characters.` */
const MESSAGE_STYLE = /^The [\w.-]+ (parameter|header) \S[^\n]*\.$/;
const NOW = Date.parse('2026-11-28T10:00:00Z');

async function validatorsOf(operationId: string): Promise<Validators> {
  const file = path.join(folder, `${operationId}.mjs`);
  writeFileSync(file, validatorModule(document, operationId));
  const generated = (await import(pathToFileURL(file).href)) as {
    default: (require: (name: string) => unknown) => Validators;
  };
  return generated.default((name) => runtime(name));
}

describe('the x-rules vocabulary', () => {
  it('refuses a rule it does not know when the document loads, naming where and how to fix', () => {
    const broken = { paths: { '/v1/x': { post: { 'x-rules': [{ kind: 'someday' }] } } } };
    expect(() => checkRules(broken)).toThrow(
      /#\/paths\/~1v1~1x\/post\/x-rules\/0.*lib\/openapi\/rules\.ts/,
    );
    expect(() => checkRules(document)).not.toThrow();
  });

  it("states each currency's minimum charge as the currency list does", () => {
    const listed = allOperations(document).find(
      ({ operation }) => operation.operationId === 'listCurrencies',
    );
    const example = (
      listed?.operation.responses['200'] as {
        content: Record<
          string,
          { example: { data: { code: string; minimum_charge_amount: number }[] } }
        >;
      }
    ).content['application/json']!.example.data;
    const minimums = Object.fromEntries(
      example.map((currency) => [currency.code, currency.minimum_charge_amount]),
    );
    const rule = (document.components.schemas.ChargeAmount as Schema)['x-rules']?.[0];
    expect(rule).toMatchObject({ kind: 'minimum-charge-amount', minimums });
  });

  it('is rendered by the reference and the console form: the real minimum, not "at least 0"', () => {
    const spec = operationSpec(document, 'createPaymentLink', links);
    const field = (name: string) => spec.body?.fields.find((candidate) => candidate.name === name);
    expect(field('amount')?.constraints).toContain(
      "at least the currency's minimum charge: 50 in EUR, 50 in GBP, 100 in JPY, 50 in USD",
    );
    expect(field('amount')?.constraints).not.toContain('at least 0');
    expect(field('expires_at')?.constraints).toEqual([
      'in the future',
      'at most 90 days after creation',
      'defaults to 30 days after creation',
    ]);
  });
});

describe('what the console predicts', () => {
  it('predicts the 413 of a body beyond the limit, not a 400 on a field inside it', async () => {
    const spec = operationSpec(document, 'createPaymentLink', links);
    const validators = await validatorsOf('createPaymentLink');
    const body = { ...(spec.example.body as object), description: 'x'.repeat(100 * 1024) };
    const [first] = problemsOf(validators, spec, { ...spec.example, body }, undefined, NOW);
    expect(first).toMatchObject({ code: 'parameter_invalid', param: null, status: 413 });
    expect(first?.message).toContain(`${MAX_BODY_BYTES} bytes`);
  });

  it('predicts amount_too_small at the currency minimum and a past expires_at', async () => {
    const spec = operationSpec(document, 'createPaymentLink', links);
    const validators = await validatorsOf('createPaymentLink');
    const body = {
      ...(spec.example.body as object),
      amount: 0,
      expires_at: '2020-01-01T00:00:00Z',
    };
    expect(problemsOf(validators, spec, { ...spec.example, body }, undefined, NOW)).toEqual([
      {
        code: 'amount_too_small',
        message: 'The amount parameter must be at least 50 in GBP.',
        param: 'amount',
      },
      {
        code: 'parameter_invalid',
        message: 'The expires_at parameter must be in the future, after 2026-11-28T10:00:00Z.',
        param: 'expires_at',
      },
    ]);
  });

  it('finds nothing wrong with the payment link the "Bank approves" scenario makes first', async () => {
    const [step] = preparations.testHelperPayPaymentLink!.steps;
    const spec = operationSpec(document, step!.operation, links);
    const validators = await validatorsOf(step!.operation);
    const values = step!.body ? { ...spec.example, body: step!.body } : spec.example;
    expect(problemsOf(validators, spec, values, undefined, Date.now())).toEqual([]);
  });
});

describe('every validation message', () => {
  const validator = createValidator(document);
  const requests = new Map(
    exampleRequests(document).map((request) => [request.operationId, request]),
  );

  it('names the field in the documented style, for every schema bound of the document', () => {
    let checked = 0;
    for (const item of ruleCases(document)) {
      if (!('keyword' in item)) continue;
      const value = breakingValue(item.schema, item.keyword);
      if (value === undefined) continue;
      const request = requests.get(item.operationId)!;
      const url = new URL(request.path, 'http://sandbox.test');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, header]) => [name.toLowerCase(), header]),
      );
      let body = request.body;
      if (item.where === 'body') body = bodyWith(body as Record<string, unknown>, item, value);
      if (item.where === 'query') url.searchParams.set(item.field, String(value));
      if (item.where === 'header') headers[item.field.toLowerCase()] = String(value);
      const incoming = {
        method: item.method,
        path: url.pathname,
        query: url.search.slice(1),
        headers,
        body,
      };
      let refusal: unknown;
      try {
        validator.validate(incoming);
      } catch (caught) {
        refusal = caught;
      }
      expect(refusal, `${item.operationId} ${item.field} ${item.keyword}`).toBeInstanceOf(
        SandboxError,
      );
      expect((refusal as SandboxError).message).toMatch(MESSAGE_STYLE);
      expect((refusal as SandboxError).message).not.toMatch(/must NOT|>=|<=|Invalid /);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('names the field in the documented style, for every x-rule of the document', () => {
    const items = ruleCases(document).filter((item) => 'rule' in item);
    for (const item of items) {
      if (!('rule' in item) || item.rule.kind === 'default-after-creation') continue;
      const related = {
        id: 'bk_1',
        currency: 'EUR',
        status: 'cancelled',
        amount_due: 10,
        amount: 10,
        amount_remaining: 10,
        amount_captured: 10,
        amount_refunded: 0,
        departure_date: '2000-01-01',
      };
      const value =
        item.rule.kind === 'future' || item.rule.kind === 'within-after-creation'
          ? '2099-01-01T00:00:00Z'
          : item.rule.kind === 'at-most-related' && item.schema.format === 'date'
            ? '2099-01-01'
            : item.rule.kind === 'after-field'
              ? '2000-01-01'
              : item.rule.kind === 'currency-matches'
                ? 'GBP'
                : item.rule.kind === 'related-status-not'
                  ? 'bk_1'
                  : 1_000_000;
      const input: RuleInput = {
        field: item.field,
        value:
          item.rule.kind === 'minimum-charge-amount'
            ? 1
            : item.rule.kind === 'future'
              ? '2000-01-01T00:00:00Z'
              : value,
        body: {
          currency: 'GBP',
          [item.rule.kind === 'after-field' ? item.rule.field : 'x']: '2001-01-01',
        },
        now: NOW,
        createdAt: NOW,
        related,
        reference: 'booking_id',
        duplicate: true,
      };
      const { rule } = item;
      // Rules about sibling fields and related objects, broken by what they compare with.
      if (rule.kind === 'not-with') Object.assign(input.body, { [rule.field]: 'ben_1' });
      if (rule.kind === 'required-without') input.value = undefined;
      if (rule.kind === 'related-field-matches') {
        if (rule.of) {
          input.counterpart = { [rule.field]: 'ours' };
          Object.assign(input.body, { [rule.of]: 'bk_2' });
        } else Object.assign(input.body, { [rule.field]: 'ours' });
        Object.assign(related, { [rule.field]: 'theirs' });
      }
      if (rule.kind === 'item-requires') input.value = [rule.item];
      if (rule.kind === 'related-status-not') related.status = rule.statuses[0]!;
      const problem = ruleProblem(rule, input);
      expect(problem, `${item.operationId} ${item.field} ${item.rule.kind}`).toBeDefined();
      expect(problem!.message).toMatch(MESSAGE_STYLE);
      // A bound with nothing left answers its own code, even for a field not sent.
      if (rule.kind === 'at-most-related' && rule.exhausted) {
        const bound = related[rule.field as keyof typeof related];
        const spent = { ...related, [rule.minus ?? rule.field]: bound };
        const exhausted = ruleProblem(rule, {
          ...input,
          value: undefined,
          related: spent,
          taken: Number(bound),
        });
        expect(exhausted).toMatchObject({ code: rule.exhausted, param: 'booking_id' });
        expect(exhausted!.message).toMatch(MESSAGE_STYLE);
      }
    }
  });

  it('quotes at most a short excerpt of a value sent', () => {
    const quoted = excerpt('x'.repeat(30_000));
    expect(quoted.length).toBeLessThan(MAX_QUOTED_CHARACTERS + 30);
    expect(quoted).toContain('30000 characters');
  });
});

describe('the Errors page', () => {
  it('documents the body size limit and its 413, as the sandbox applies them', () => {
    const page = readFileSync(path.join(process.cwd(), 'content/docs/errors.mdx'), 'utf8');
    expect(page).toContain(`${MAX_BODY_BYTES / 1024} KB`);
    expect(page).toMatch(/413/);
  });
});
