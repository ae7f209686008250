// Expands the flows of ./flows.ts into the requests the browser sends: each step's method, path
// and example values read from the document, so the flows name operations only.
import 'server-only';
import type { ApiDocument } from '@/lib/openapi/document';
import { flows, type FlowName, type FlowStepDefinition } from './flows';
import { endpointOf, exampleRequest } from './example-request';
import { bodyRulesOf } from './validator-module';
import type { FlowSpec, StepSpec } from './spec';

/** One step as the browser runs it. */
export function stepSpec(document: ApiDocument, step: FlowStepDefinition): StepSpec {
  const endpoint = endpointOf(document, step.operation);
  const example = exampleRequest(endpoint);
  return {
    name: step.name,
    title: step.title,
    method: endpoint.method.toUpperCase(),
    path: endpoint.path,
    request: {
      ...example,
      query: step.query ?? {},
      body: step.body ?? example.body,
    },
    carry: step.carry ?? {},
    ...(step.until ? { until: step.until } : {}),
    issuesToken: !endpoint.authenticated,
    idempotent: endpoint.parameters.header.some((p) => p.name.toLowerCase() === 'idempotency-key'),
    unique: bodyRulesOf(document, step.operation)
      .rules.filter(([, rule]) => rule.kind === 'unique')
      .map(([field]) => field),
  };
}

/** A flow with every step expanded. */
export function flowSpec(document: ApiDocument, name: FlowName): FlowSpec {
  const flow = flows[name];
  return { name, title: flow.title, steps: flow.steps.map((step) => stepSpec(document, step)) };
}
