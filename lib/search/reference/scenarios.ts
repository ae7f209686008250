// Every test scenario of the sandbox: the value that triggers it and the outcome it produces.
import type { ApiDocument } from '@/lib/openapi/document';
import { findOperation, testScenarios, type TestScenario } from '@/lib/openapi/test-scenarios';
import type { SiteAnchors } from './anchors';
import type { ReferenceEntry } from './entry';

/** The outcome in a line: `status failed, failure code insufficient_funds, events charge.failed`. */
function outcomeOf({ outcome }: TestScenario): string {
  return [
    `status ${outcome.status}`,
    outcome.failure_code && `failure code ${outcome.failure_code}`,
    outcome.error && `error ${outcome.error}`,
    `events ${outcome.events.join(', ') || 'none'}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Each scenario at its entry on the Testing page, with its trigger and outcome. */
export function scenarioEntries(document: ApiDocument, anchors: SiteAnchors): ReferenceEntry[] {
  return testScenarios(document).map((scenario) => {
    const { method, path } = findOperation(document, scenario.operation)!;
    const request = `${method.toUpperCase()} ${path}`;
    const { trigger } = scenario;
    const sent = trigger
      ? [[trigger.field, trigger.value], ...Object.entries(trigger.with ?? {})]
          .map(([name, value]) => `${name} ${String(value)}`)
          .join(' with ')
      : undefined;
    return {
      type: 'scenario',
      name: scenario.title,
      // The Testing listing anchors each scenario by its id.
      path: anchors.attribute(scenario.id),
      facts: [sent ? `Send ${sent} to ${request}` : `Send ${request}`, outcomeOf(scenario)],
      description: scenario.description,
    };
  });
}
