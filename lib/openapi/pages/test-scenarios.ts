// The Testing page's listing of the sandbox's test scenarios: one section per group, one
// anchored entry per scenario with its trigger (ready to copy), its outcome and its events.
import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import { jsxElement } from '@/lib/mdx/jsx';
import { anchorRoute } from '@/lib/routes';
import type { ApiDocument } from '../document';
import { endpointsOf } from '../operations';
import { findOperation, testScenarios, type TestScenario } from '../test-scenarios';
import type { ReferenceLinks } from './links';
import { heading, inlineCode, link, markdownBlocks, paragraph, text } from './mdast';

/** Where each operation is documented: its page and the anchor of its section. */
export function operationLinks(document: ApiDocument, links: ReferenceLinks) {
  const found = new Map<string, { href: string; summary: string }>();
  for (const tag of document.tags) {
    const page = links.tagPage(tag.name);
    if (!page) continue;
    for (const endpoint of endpointsOf(document, tag.name)) {
      if (found.has(endpoint.operationId)) continue;
      found.set(endpoint.operationId, {
        href: anchorRoute(page, endpoint.anchor),
        summary: endpoint.summary,
      });
    }
  }
  return found;
}

const copyValue = (value: string | number | boolean) =>
  jsxElement('CopyValue', { value: String(value) }, [], 'text') as PhrasingContent;

/** Items joined with a word between them: `a, then b`. */
function joined(items: PhrasingContent[][], separator: string): PhrasingContent[] {
  return items.flatMap((item, index) => (index ? [text(separator), ...item] : item));
}

function scenarioEntry(
  document: ApiDocument,
  scenario: TestScenario,
  operations: ReturnType<typeof operationLinks>,
  links: ReferenceLinks,
): RootContent {
  const { path, method } = findOperation(document, scenario.operation)!;
  const operation = operations.get(scenario.operation);
  const { trigger } = scenario;
  const target = operation
    ? link(operation.href, [text(operation.summary)])
    : inlineCode(`${method.toUpperCase()} ${path}`);
  const send: PhrasingContent[] = trigger
    ? [
        text('Send '),
        inlineCode(trigger.field),
        text(' '),
        copyValue(trigger.value),
        ...Object.entries(trigger.with ?? {}).flatMap(([field, value]) => [
          text(' with '),
          inlineCode(field),
          text(' '),
          inlineCode(value),
        ]),
        text(' to '),
        target,
        text('.'),
      ]
    : [text('Send '), target, text(' as documented: every such request has this outcome.')];
  const { status, failure_code: failureCode, error, events } = scenario.outcome;
  const outcome: PhrasingContent[][] = [[text('status '), inlineCode(status)]];
  if (failureCode) outcome.push([text('failure code '), inlineCode(failureCode)]);
  if (error) outcome.push([text('error '), link(links.errorHref(error), [inlineCode(error)])]);
  // Events are delivered in no guaranteed order (Webhooks), so they are listed, not sequenced.
  const sent = events.length
    ? joined(
        events.map((event) => [link(links.eventHref(event), [inlineCode(event)])]),
        ', ',
      )
    : [text('none')];
  const order = events.length > 1 ? [text(', in any order')] : [];
  return jsxElement(
    'Attribute',
    { name: scenario.title, type: `${method.toUpperCase()} ${path}`, anchor: scenario.id },
    [
      paragraph(send),
      paragraph([
        text('Outcome: '),
        ...joined(outcome, ', '),
        text('. Events: '),
        ...sent,
        ...order,
        text('. '),
        jsxElement(
          'TryIt',
          { operation: scenario.operation, scenario: scenario.id, title: scenario.title },
          [],
          'text',
        ) as PhrasingContent,
      ]),
      ...markdownBlocks(scenario.description),
    ] as BlockContent[],
  );
}

/** The Testing page's listing: one `##` section per group, one anchored entry per scenario. */
export function testScenariosCatalogue(
  document: ApiDocument,
  links: ReferenceLinks,
): RootContent[] {
  const scenarios = testScenarios(document);
  const operations = operationLinks(document, links);
  const groups = [...new Set(scenarios.map((scenario) => scenario.group))];
  return groups.flatMap((group) => [
    heading(2, group),
    jsxElement(
      'Attributes',
      {},
      scenarios
        .filter((scenario) => scenario.group === group)
        .map((scenario) => scenarioEntry(document, scenario, operations, links)) as BlockContent[],
    ),
  ]);
}
