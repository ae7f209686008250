import type { RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { assignHeadingIds } from '@/lib/mdx/headings';
import { renderHtml } from '@/lib/mdx/html/render';
import { toMarkdown } from '@/lib/mdx/markdown';
import { loadDocument, type ApiDocument } from '@/lib/openapi/document';
import { testScenariosCatalogue } from '@/lib/openapi/pages/test-scenarios';
import { viewOf } from '@/lib/openapi/schema';
import { testScenarios, type TestScenario } from '@/lib/openapi/test-scenarios';
import { source } from '@/lib/source';

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
      (s) => (s[0]!.trigger!.field = 'card'),
      /field "card" is not in the request of createCharge/,
    ],
    [
      'a value of the wrong type',
      (s) => (s[0]!.trigger!.value = 12),
      /the value 12 of "tokenised_card_id" has type integer, but the field takes string/,
    ],
    [
      'a value outside the field enum',
      (s) => (s.find((x) => x.id === 'cancel-authorisation')!.trigger!.value = 'weather'),
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

  it('take a scenario without a trigger as the one outcome of its request, once per operation', () => {
    const untriggered = testScenarios(loadDocument()).filter((scenario) => !scenario.trigger);
    expect(untriggered.map((scenario) => scenario.operation)).toEqual(
      expect.arrayContaining(['cancelPayout', 'convertFxQuote']),
    );
    const twice = documentWith((s) =>
      s.push({ ...structuredClone(s.find((x) => x.id === 'payout-cancelled')!), id: 'again' }),
    );
    expect(() => testScenarios(twice)).toThrow(
      /"again": the same request already triggers "payout-cancelled"/,
    );
  });

  it.each(breaks)('names the scenario and the fix for %s', (_, edit, message) => {
    expect(() => testScenarios(documentWith(edit))).toThrow(message);
  });
});

const links = await source.links();
const markdownOf = (nodes: RootContent[]) =>
  toMarkdown({ type: 'root', children: nodes }, { file: 'testing', pageUrl: 'https://x.test/' });

describe('the Testing page listing', () => {
  it('lists each group under its heading and each scenario at its own anchor, with links', () => {
    const nodes = testScenariosCatalogue(loadDocument(), links);
    const markdown = markdownOf(nodes);
    const scenarios = testScenarios(loadDocument());
    const groups = new Set(scenarios.map((scenario) => scenario.group));
    expect(markdown.match(/^## .+$/gm)).toEqual([...groups].map((group) => `## ${group}`));
    expect(JSON.stringify(nodes).split('"name":"anchor"').length - 1).toBe(scenarios.length);
    expect(markdown).toContain(
      'Send `tokenised_card_id` `tc_test_insufficient_funds` to [Create a charge](https://x.test/resources/charges#create-a-charge).',
    );
    expect(markdown).toContain(
      'Outcome: status `failed`, failure code `insufficient_funds`. Events: [`charge.failed`](https://x.test/webhooks#event-charge-failed).',
    );
    expect(markdown).toContain('with `off_session` `false`');
    expect(markdown).toContain(
      'Send [Cancel a payout](https://x.test/resources/bank#cancel-a-payout) as documented: every such request has this outcome.',
    );
  });

  it('gives every trigger value a Copy button and every scenario its anchor', async () => {
    const tree = { type: 'root' as const, children: testScenariosCatalogue(loadDocument(), links) };
    assignHeadingIds(tree);
    const html = await renderHtml(tree, { file: 'testing' });
    expect(html).toContain('<li id="saved-card-insufficient-funds" data-slot="attribute">');
    expect(html).toContain(
      '<span data-slot="copy-value"><code>tc_test_insufficient_funds</code><button type="button" data-copy="tc_test_insufficient_funds" aria-label="Copy tc_test_insufficient_funds"></button></span>',
    );
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
    const tree = { type: 'root' as const, children: testScenariosCatalogue(document, links) };
    assignHeadingIds(tree);
    const html = await renderHtml(tree, { file: 'testing' });
    expect(html).toContain(
      'Odd {group} &#x3C;i>x&#x3C;/i><span aria-hidden="true">#</span></a></h2>',
    );
    expect(html).toContain('<code>&#x3C;script>{alert(1)}&#x3C;/script></code>');
    expect(html).toContain('<code>`tc_{x}`</code>');
    expect(html).toContain(
      '<li>Use <code>{a}</code> then {b} bold <span>x</span> &#x26; done</li>',
    );
    expect(html).not.toMatch(/<(script|b|i)>|href="javascript/);
  });
});
