import { evaluate } from '@mdx-js/mdx';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import { describe, expect, it } from 'vitest';
import { Attribute, Attributes } from '@/components/api/attributes';
import { loadDocument, type ApiDocument } from '@/lib/openapi/document';
import { viewOf } from '@/lib/openapi/schema';
import { testScenarios, type TestScenario } from '@/lib/openapi/test-scenarios';
import { mdxText, testScenariosMdx } from '@/lib/openapi/test-scenarios-mdx';

type WithScenarios = ApiDocument & { 'x-test-scenarios': TestScenario[] };

/** A copy of the real document with its scenarios edited. */
function documentWith(edit: (scenarios: TestScenario[]) => void): WithScenarios {
  const document = structuredClone(loadDocument()) as WithScenarios;
  edit(document['x-test-scenarios']);
  return document;
}

const enumOf = (name: string) =>
  viewOf(loadDocument(), { $ref: `#/components/schemas/${name}` }).values!.map(
    (entry) => entry.value,
  );

describe('the test scenarios of the document', () => {
  const scenarios = testScenarios(loadDocument());

  it('hold every scenario to its operation, fields, status, codes and events', () => {
    expect(scenarios.length).toBeGreaterThan(40);
    expect(new Set(scenarios.map((scenario) => scenario.id)).size).toBe(scenarios.length);
  });

  it('cover every decline, refund failure and disbursement failure code', () => {
    const covered = new Set(scenarios.map((scenario) => scenario.outcome.failure_code));
    for (const name of ['ChargeFailureCode', 'RefundFailureCode', 'DisbursementFailureCode']) {
      for (const code of enumOf(name)) expect(covered, `${name} ${code}`).toContain(code);
    }
  });

  it('give every request a single outcome', () => {
    const triggers = scenarios.map((scenario) =>
      JSON.stringify([scenario.operation, scenario.trigger]),
    );
    expect(new Set(triggers).size).toBe(triggers.length);
  });
});

describe('testScenarios', () => {
  const breaks: [string, (scenarios: TestScenario[]) => void, RegExp][] = [
    [
      'an unknown operation',
      (s) => (s[0]!.operation = 'createTicket'),
      /"saved-card-success": operation "createTicket" is not an operationId of the document/,
    ],
    [
      'a field the request does not have',
      (s) => (s[0]!.trigger.field = 'card'),
      /field "card" is not in the request of createCharge/,
    ],
    [
      'a value of the wrong type',
      (s) => (s[0]!.trigger.value = 12),
      /the value 12 of "tokenised_card_id" has type integer, but the field takes string/,
    ],
    [
      'a value outside the field enum',
      (s) => (s.find((x) => x.id === 'cancel-authorisation')!.trigger.value = 'weather'),
      /the value "weather" of "cancellation_reason" is not one of the field's values/,
    ],
    [
      'a status the object does not have',
      (s) => (s[0]!.outcome.status = 'approved'),
      /status "approved" is not a status of Charge/,
    ],
    [
      'an unknown failure code',
      (s) => (s[1]!.outcome.failure_code = 'card_declined'),
      /failure code "card_declined" is not a failure code of Charge/,
    ],
    [
      'an error code outside the catalogue',
      (s) => (s[1]!.outcome.error = 'no_such_error'),
      /error "no_such_error" is not in components.schemas.ErrorCode/,
    ],
    [
      'an event the document does not send',
      (s) => (s[0]!.outcome.events = ['charge.exploded']),
      /event "charge.exploded" is not in the document's webhooks/,
    ],
    ['a repeated id', (s) => (s[1]!.id = s[0]!.id), /"saved-card-success": the id is used twice/],
    [
      'two outcomes for one request',
      (s) => (s[1]!.trigger = structuredClone(s[0]!.trigger)),
      /"saved-card-do-not-honour": the same request already triggers "saved-card-success"/,
    ],
    [
      'an id that is not kebab-case',
      (s) => (s[0]!.id = 'Saved Card'),
      /x-test-scenarios\[0\] \(Saved Card\) id: must be kebab-case/,
    ],
    [
      'a key outside the contract',
      (s) => Object.assign(s[0]!.outcome, { colour: 'red' }),
      /x-test-scenarios\[0\] \(saved-card-success\) outcome: .*colour/,
    ],
  ];

  it.each(breaks)('names the scenario and the fix for %s', (_, edit, message) => {
    expect(() => testScenarios(documentWith(edit))).toThrow(message);
  });
});

describe('testScenariosMdx', () => {
  it('lists each group under its heading and each scenario at its own anchor, with links', () => {
    const mdx = testScenariosMdx(loadDocument());
    const scenarios = testScenarios(loadDocument());
    const groups = new Set(scenarios.map((scenario) => scenario.group));
    expect(mdx.match(/^## .+$/gm)).toEqual([...groups].map((group) => `## ${group}`));
    expect(mdx.split('<Attribute ').length - 1).toBe(scenarios.length);
    expect(mdx).toContain('anchor={"saved-card-insufficient-funds"}');
    expect(mdx).toContain(
      'Send `tokenised_card_id` `tc_test_insufficient_funds` to [Create a charge](/resources/charges#create-a-charge).',
    );
    expect(mdx).toContain(
      'Outcome: status `failed`, failure code `insufficient_funds`. Events: [`charge.failed`](/webhooks#event-charge-failed).',
    );
    expect(mdx).toContain('with `off_session` `false`');
  });

  it('renders text from the document as text, never as markup or code', async () => {
    const document = documentWith((scenarios) =>
      scenarios.push({
        ...structuredClone(scenarios[0]!),
        id: 'hostile',
        group: 'Odd {group} <i>x</i>',
        title: '<script>{alert(1)}</script>',
        trigger: { field: 'tokenised_card_id', value: '`tc_{x}`' },
        description: '1. Use `{a}` then {b} <b>bold</b> [x](javascript:alert(1)) & done',
      }),
    );
    const { default: Content } = await evaluate(testScenariosMdx(document), { ...runtime });
    const html = renderToStaticMarkup(
      createElement(Content, { components: { Attributes, Attribute } }),
    );
    expect(html).toContain('<h2>Odd {group} &lt;i&gt;x&lt;/i&gt;</h2>');
    expect(html).toContain('&lt;script&gt;{alert(1)}&lt;/script&gt;');
    expect(html).toContain('<code>`tc_{x}`</code>');
    expect(html).toContain(
      '1. Use <code>{a}</code> then {b} &lt;b&gt;bold&lt;/b&gt; [x](javascript:alert(1)) &amp; done',
    );
    expect(html).not.toMatch(/<(script|b|i)>|href="javascript/);
  });

  it('escapes what would start a list or heading', () => {
    expect(mdxText('1. first')).toBe('1\\. first');
    expect(mdxText('- item')).toBe('\\- item');
    expect(mdxText('# title')).toBe('\\# title');
  });
});
