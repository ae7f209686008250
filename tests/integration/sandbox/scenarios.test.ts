import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASYNC_STEP_DELAY_MS } from '@/lib/sandbox/limits';
import { readScenarios, type TestScenario } from '@/lib/sandbox/model/scenarios';
import { documentWithScenarios } from '../../fixtures/sandbox-scenarios';
import { exampleRequests } from '../../support/sandbox-contract';
import { startSandboxServer, testClock } from '../../support/sandbox-server';

const document = documentWithScenarios();
const scenarios = readScenarios(document);
const requests = exampleRequests(document);
const clock = testClock();
let server: Awaited<ReturnType<typeof startSandboxServer>>;

beforeAll(async () => {
  server = await startSandboxServer({ document, clock: clock.now });
});
afterAll(() => server.close());

function setAt(body: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = body;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

/** A new object of a kind, made with its create operation's documented example. */
async function freshId(kind: string, token: string): Promise<string> {
  const operation = [...server.sandbox.model.operations.values()].find(
    (candidate) => candidate.shape === 'create' && candidate.kind === kind,
  )!;
  const request = requests.find((candidate) => candidate.operationId === operation.operationId)!;
  const created = await server.call('POST', request.path, {
    token,
    body: request.body,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  return created.body.id as string;
}

/** The object a scenario's status is about: the one the request acted on, or one its events are about. */
type EventBody = { type: string; data: { object: Record<string, unknown> & { object: string } } };

async function outcomeObject(
  scenario: TestScenario,
  primary: Record<string, unknown>,
  events: EventBody[],
): Promise<Record<string, unknown> | undefined> {
  const statuses = (kind: string) =>
    server.sandbox.model.views.get(kind)?.properties.status?.values?.map(({ value }) => value) ??
    [];
  if (statuses(String(primary.object)).includes(scenario.outcome.status!)) return primary;
  return events.find((event) =>
    statuses(event.data.object.object).includes(scenario.outcome.status!),
  )?.data.object;
}

describe('test scenarios', () => {
  it('include the fixtures and every scenario of the document', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(7);
  });

  it.each(scenarios.map((scenario) => [scenario.id, scenario] as const))(
    '%s produces its documented outcome and events',
    async (_, scenario) => {
      const token = await server.token();
      const operation = server.sandbox.model.operations.get(scenario.operation)!;
      const request = requests.find((candidate) => candidate.operationId === scenario.operation)!;
      const body = structuredClone((request.body ?? {}) as Record<string, unknown>);
      setAt(body, scenario.trigger.field, scenario.trigger.value);
      const path =
        operation.shape === 'action'
          ? operation.path.replace(`{${operation.idParam}}`, await freshId(operation.kind!, token))
          : request.path;
      const before = (await server.call('GET', '/inbox', { token })).body.data.length;
      const answer = await server.call(request.method, path, {
        token,
        body,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      if (scenario.outcome.error) {
        expect(answer.body.error.code).toBe(scenario.outcome.error);
        expect(answer.status).toBe(server.sandbox.model.errors.get(scenario.outcome.error)!.status);
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(request.successStatus);
      }
      clock.advance(ASYNC_STEP_DELAY_MS + 1);
      const inbox = await server.call('GET', '/inbox', { token });
      const events: EventBody[] = inbox.body.data
        .slice(0, inbox.body.data.length - before)
        .reverse()
        .map((delivery: { body: string }) => JSON.parse(delivery.body));
      expect(events.map((event) => event.type)).toEqual(scenario.outcome.events);
      if (scenario.outcome.error || !scenario.outcome.status) return;
      const retrieve = [...server.sandbox.model.operations.values()].find(
        (candidate) => candidate.shape === 'retrieve' && candidate.kind === answer.body.object,
      )!;
      const current = await server.call('GET', retrieve.path.replace(/\{[^}]+\}/, answer.body.id), {
        token,
      });
      const object = await outcomeObject(scenario, current.body, events);
      expect(object?.status).toBe(scenario.outcome.status);
      if (scenario.outcome.failure_code) {
        expect(object?.failure_code ?? object?.last_failure_code).toBe(
          scenario.outcome.failure_code,
        );
      }
    },
  );
});
