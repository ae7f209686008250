// The flows of the guides and the preparations of the test scenarios, held to the document and
// run in the sandbox (in process, its clock moved on for asynchronous steps) as the browser runs
// them: every flow reaches its end, and every "Run in sandbox" request gets its documented outcome.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { latestState, type Delivery } from '@/lib/console/deliveries';
import { flowSpec, stepSpec } from '@/lib/console/flow-spec';
import { FLOW_NAMES, flows, type FlowStepDefinition } from '@/lib/console/flows';
import { openingValues } from '@/lib/console/opening-values';
import { followUps, preparations } from '@/lib/console/scenario-runs';
import { operationSpec } from '@/lib/console/operation-spec';
import { wireRequest } from '@/lib/console/request';
import type { FieldSpec, OperationSpec, RequestValues, StepSpec } from '@/lib/console/spec';
import { settled, stepValues, withCarried, type Answers } from '@/lib/console/steps';
import { loadDocument } from '@/lib/openapi/document';
import { source } from '@/lib/source';
import { createSandbox } from '@/lib/sandbox/sandbox';
import { sandboxConfig, testClock } from '../support/sandbox-server';

const document = loadDocument();
const links = await source.links();
const specs = new Map<string, OperationSpec>();
const specOf = (operationId: string) => {
  if (!specs.has(operationId)) specs.set(operationId, operationSpec(document, operationId, links));
  return specs.get(operationId)!;
};

/** Whether a carried value's target is a field of the operation's request. */
function hasTarget(spec: OperationSpec, where: string): boolean {
  const [place, ...path] = where.split('.');
  if (place === 'path') return spec.parameters.path.some((field) => field.name === path[0]);
  if (place === 'query') return spec.parameters.query.some((field) => field.name === path[0]);
  let fields: FieldSpec[] | undefined = spec.body?.fields;
  for (const name of path) {
    const field: FieldSpec | undefined = fields?.find((candidate) => candidate.name === name);
    if (!field) return false;
    fields = field.fields;
  }
  return place === 'body';
}

function problemsOf(
  steps: FlowStepDefinition[],
  carry: Record<string, string> = {},
  earlier = new Set<string>(),
) {
  const problems: string[] = [];
  for (const step of steps) {
    const spec = specOf(step.operation);
    for (const [where, from] of Object.entries(step.carry ?? {})) {
      if (!hasTarget(spec, where)) problems.push(`${step.name}: ${step.operation} has no ${where}`);
      if (!earlier.has(from.split('.')[0]!)) problems.push(`${step.name}: ${from} is not earlier`);
    }
    earlier.add(step.name);
  }
  for (const from of Object.values(carry)) {
    if (!earlier.has(from.split('.')[0]!)) problems.push(`carry ${from} names no step`);
  }
  return problems;
}

// One sandbox service for the file, as the site runs one per process, so its story is told once;
// each test opens a sandbox of its own with a new token, on a clock that only moves forward.
const clock = testClock();
const sandbox = createSandbox({ config: sandboxConfig(), clock: clock.now });

/** A sandbox of its own on the clock the tests move, called as the browser calls the site. */
function sandboxUnderTest() {
  let token: string | undefined;
  async function call(method: string, path: string, values: RequestValues, text?: string) {
    const request = wireRequest(method, path, values, text);
    const headers = new Headers(request.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    const response = await sandbox.handle(
      new Request(`http://docs.test${request.url}`, { method, headers, body: request.body }),
    );
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.access_token === 'string') token = body.access_token;
    return { status: response.status, body };
  }
  /** Sends a step until it settles, moving the clock a second between tries. */
  async function run(step: StepSpec, answers: Answers) {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await call(step.method, step.path, stepValues(step, answers, randomUUID));
      if (settled(step, answer.status, answer.body) || attempt > 60) return answer;
      clock.advance(1000);
    }
  }
  const inbox = async () => {
    const answer = await call('GET', '/inbox', { path: {}, query: {}, headers: {} });
    return answer.body.data as Delivery[];
  };
  const openSandbox = () =>
    run(stepSpec(document, { name: 'token', title: 'Token', operation: 'createAccessToken' }), {});
  return { call, run, inbox, openSandbox, clock };
}

describe('the flows of the guides', () => {
  it.each(FLOW_NAMES)(
    '%s names operations of the document and carries from earlier steps',
    (name) => {
      expect(problemsOf(flows[name].steps)).toEqual([]);
      expect(flowSpec(document, name).steps[0]!.issuesToken).toBe(true);
    },
  );

  it.each(FLOW_NAMES)(
    '%s runs to its end in the sandbox, and again in the same one',
    async (name) => {
      const { run } = sandboxUnderTest();
      const steps = flowSpec(document, name).steps;
      // A kept sandbox runs a flow again with the token it holds, so its unique values must be new.
      for (const runSteps of [steps, steps.filter((step) => !step.issuesToken)]) {
        const answers: Answers = {};
        for (const step of runSteps) {
          const answer = await run(step, answers);
          expect(answer.status, `${step.title}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
          expect(settled(step, answer.status, answer.body), step.title).toBe(true);
          answers[step.name] = answer.body;
        }
      }
    },
  );
});

describe('Run in sandbox', () => {
  it.each(Object.keys(preparations))('the preparation of %s carries from its own steps', (id) => {
    expect(problemsOf(preparations[id]!.steps, preparations[id]!.carry)).toEqual([]);
    for (const where of Object.keys(preparations[id]!.carry)) {
      expect(hasTarget(specOf(id), where), where).toBe(true);
    }
  });

  it.each(Object.keys(followUps))('the follow-up of %s carries from its request', (id) => {
    expect(problemsOf(followUps[id]!.steps, {}, new Set(['request']))).toEqual([]);
  });

  const scenarios = [...new Set(Object.values(document.paths).flatMap(Object.values))]
    .map((operation) => (operation as { operationId?: string }).operationId)
    .filter((id): id is string => Boolean(id))
    .flatMap((id) => specOf(id).scenarios.map((scenario) => [scenario.id, id] as const));

  it.each(scenarios)(
    '%s gets its documented outcome, as the console sends it',
    async (scenario, id) => {
      const spec = specOf(id);
      const { outcome } = spec.scenarios.find((candidate) => candidate.id === scenario)!;
      const sandbox = sandboxUnderTest();
      await sandbox.openSandbox();
      let values = openingValues(spec, { scenario, newKey: randomUUID });
      if (spec.preparation) {
        const answers: Answers = {};
        for (const step of spec.preparation.steps) {
          answers[step.name] = (await sandbox.run(step, answers)).body;
        }
        values = withCarried(values, spec.preparation.carry, answers);
      }
      const before = new Set((await sandbox.inbox()).map((delivery) => delivery.id));
      const answer = await sandbox.call(spec.method, spec.path, values);
      if (outcome.error) {
        expect((answer.body.error as { code: string }).code).toBe(outcome.error);
        return;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      const answers: Answers = { request: answer.body };
      for (const step of spec.followUp?.steps ?? []) {
        answers[step.name] = (await sandbox.run(step, answers)).body;
      }
      sandbox.clock.advance(10 * 60_000);
      const sent = (await sandbox.inbox()).filter((delivery) => !before.has(delivery.id)).reverse();
      const state = latestState(answer.body, sent);
      expect(state.status).toBe(outcome.status);
      if (outcome.failure_code) expect(state.failure_code).toBe(outcome.failure_code);
      expect(sent.map((delivery) => delivery.type)).toEqual(outcome.events);
    },
  );
});
