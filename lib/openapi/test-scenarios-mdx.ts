// Writes the Testing page's listing of the sandbox's test scenarios as MDX, escaping every text
// of the document so that a `{` or `<` in it cannot break the page.
import GithubSlugger from 'github-slugger';
import type { ApiDocument } from './document';
import { eventAnchor, pageOfTag } from './mdx';
import { endpointsOf } from './operations';
import { findOperation, testScenarios, type TestScenario } from './test-scenarios';

/** A code span that holds any value, however many backticks it contains. */
function inlineCode(value: unknown): string {
  const text = String(value);
  const fence = '`'.repeat(
    Math.max(0, ...[...text.matchAll(/`+/g)].map(([run]) => run.length)) + 1,
  );
  return /^`|`$/.test(text) ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** Text for an MDX paragraph: code spans kept, anything MDX or Markdown reads as syntax escaped. */
export function mdxText(value: string): string {
  const escaped = value
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(`[^`]+`)/)
    .map((part, index) => (index % 2 ? part : part.replace(/[\\`*_{}[\]<>#|~!&]/g, '\\$&')))
    .join('');
  return escaped.replace(/^(\d+)([.)])/, '$1\\$2').replace(/^([-+=])/, '\\$1');
}

/** A string as a JSX attribute expression: a JavaScript string literal, never markup. */
function jsxString(value: string): string {
  return `{${JSON.stringify(value)}}`;
}

/** The reference page anchor of each operation, as the generated endpoint sections get them. */
function operationLinks(document: ApiDocument): Map<string, { href: string; summary: string }> {
  const links = new Map<string, { href: string; summary: string }>();
  for (const tag of document.tags) {
    const slugger = new GithubSlugger();
    for (const endpoint of endpointsOf(document, tag.name)) {
      const href = `${pageOfTag(tag.name)}#${slugger.slug(endpoint.summary)}`;
      if (!links.has(endpoint.operationId))
        links.set(endpoint.operationId, { href, summary: endpoint.summary });
    }
  }
  return links;
}

function scenarioMdx(
  document: ApiDocument,
  scenario: TestScenario,
  links: ReturnType<typeof operationLinks>,
): string {
  const { path, method } = findOperation(document, scenario.operation)!;
  const link = links.get(scenario.operation)!;
  const extras = Object.entries(scenario.trigger.with ?? {}).map(
    ([field, value]) => ` with ${inlineCode(field)} ${inlineCode(value)}`,
  );
  const { status, failure_code: failureCode, error, events } = scenario.outcome;
  const outcome = [`status ${inlineCode(status)}`];
  if (failureCode) outcome.push(`failure code ${inlineCode(failureCode)}`);
  if (error) outcome.push(`error [${inlineCode(error)}](/errors#${error})`);
  const sent = events.length
    ? events
        .map((event) => `[${inlineCode(event)}](/webhooks#${eventAnchor(event)})`)
        .join(', then ')
    : 'none';
  return [
    `<Attribute name=${jsxString(scenario.title)} type=${jsxString(`${method.toUpperCase()} ${path}`)} anchor=${jsxString(scenario.id)}>`,
    `Send ${inlineCode(scenario.trigger.field)} ${inlineCode(scenario.trigger.value)}${extras.join('')} to [${mdxText(link.summary)}](${link.href}).`,
    `Outcome: ${outcome.join(', ')}. Events: ${sent}.`,
    mdxText(scenario.description),
    '</Attribute>',
  ].join('\n\n');
}

/** The Testing page's listing: one `##` section per group, one anchored entry per scenario. */
export function testScenariosMdx(document: ApiDocument): string {
  const scenarios = testScenarios(document);
  const links = operationLinks(document);
  const groups = [...new Set(scenarios.map((scenario) => scenario.group))];
  return groups
    .map((group) => {
      const entries = scenarios
        .filter((scenario) => scenario.group === group)
        .map((scenario) => scenarioMdx(document, scenario, links));
      return `## ${mdxText(group)}\n\n<Attributes>\n\n${entries.join('\n\n')}\n\n</Attributes>`;
    })
    .join('\n\n');
}
