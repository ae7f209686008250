// The document's test scenarios, validated once per process rather than on every tool call.
import 'server-only';
import { loadDocument } from '@/lib/openapi/document';
import { testScenarios, type TestScenario } from '@/lib/openapi/test-scenarios';

let scenarios: TestScenario[] | undefined;

/** Every test scenario of the API document. */
export function documentScenarios(): TestScenario[] {
  scenarios ??= testScenarios(loadDocument());
  return scenarios;
}
