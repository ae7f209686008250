import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { testScenarios, triggerFields, type TestScenario } from '@/lib/openapi/test-scenarios';
import { LAPSING_AUTHORISATION_HOLD_MS } from '@/lib/sandbox/limits';
import { preparations } from '@/lib/console/scenario-runs';
import { exampleRequests } from '../../support/sandbox-contract';
import { startSandboxServer, testClock } from '../../support/sandbox-server';

const document = loadDocument();
const scenarios = testScenarios(document);
const requests = exampleRequests(document);
const clock = testClock();
let server: Awaited<ReturnType<typeof startSandboxServer>>;

beforeAll(async () => {
  server = await startSandboxServer({ clock: clock.now });
});
afterAll(() => server.close());

/** Most collection attempts a scheduled payment makes (the documented `attempt_count` maximum). */
const MAX_ATTEMPTS = 4;

type EventBody = { type: string; data: { object: Record<string, unknown> } };

function setAt(body: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = body;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

function session(token: string) {
  const post = (path: string, body: unknown = {}) =>
    server.call('POST', path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });
  const get = (path: string) => server.call('GET', path, { token });
  return { post, get };
}

const RETURN_URL = 'https://agent.example.com/bookings/KP-2026-00417/return';

/**
 * The object an action scenario acts on, made as "Run in sandbox" makes it: the console's one-step
 * preparations whose answer's ID goes in the path. The others act on a documented sample object
 * that starts in the state they need (a chargeback needing a response).
 */
async function targetPath(scenario: TestScenario, template: string, token: string) {
  const preparation = preparations[scenario.operation];
  const [step] = preparation?.steps ?? [];
  if (!preparation || preparation.steps.length > 1 || !preparation.carry['path.id']) return;
  const maker = requests.find((candidate) => candidate.operationId === step!.operation)!;
  const body = { ...(maker.body as Record<string, unknown>), ...step!.body };
  const created = await session(token).post(maker.path, body);
  return template.replace('{id}', created.body.id);
}

/** The inbox's events after the first `skip`, oldest first. */
async function eventsAfter(token: string, skip: number): Promise<EventBody[]> {
  const inbox = (await session(token).get('/inbox')).body.data as { body: string }[];
  return inbox
    .slice(0, inbox.length - skip)
    .reverse()
    .map((delivery) => JSON.parse(delivery.body) as EventBody);
}

describe('the test scenarios of the Testing page', () => {
  it('are read from the document', () => {
    expect(scenarios.length).toBeGreaterThan(40);
  });

  it.each(scenarios.map((scenario) => [scenario.id, scenario] as const))(
    '%s produces its documented outcome and events, in order',
    async (_, scenario) => {
      const token = await server.token();
      const { get, post } = session(token);
      const request = requests.find((candidate) => candidate.operationId === scenario.operation)!;
      const body = structuredClone((request.body ?? {}) as Record<string, unknown>);
      for (const [field, value] of Object.entries(triggerFields(scenario))) {
        setAt(body, field, value);
      }
      // An on-session charge takes the checkout page the customer comes back to.
      if (body.off_session === false) body.return_url ??= RETURN_URL;
      const path = (await targetPath(scenario, request.template, token)) ?? request.path;
      const before = (await get('/inbox')).body.data.length;
      const answer = await server.call(request.method, path, {
        token,
        body,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      if (scenario.outcome.error) {
        expect(answer.body.error.code).toBe(scenario.outcome.error);
        return;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(request.successStatus);
      // Past every asynchronous step: settling, a chargeback opening or closing, a lapse.
      clock.advance(LAPSING_AUTHORISATION_HOLD_MS + 1);
      const retrieve = [...server.sandbox.model.operations.values()].find(
        (operation) => operation.shape === 'retrieve' && operation.kind === answer.body.object,
      )!;
      const current = async () =>
        (await get(retrieve.path.replace(/\{[^}]+\}/, answer.body.id))).body;
      let object = await current();
      // An instalment waits for its due date: each attempt is made with the test helper.
      for (let attempt = 0; object.status === 'scheduled' && attempt < MAX_ATTEMPTS; attempt++) {
        object = (await post(`/v1/test_helpers/scheduled_payments/${object.id}/attempt`)).body;
      }
      const events = await eventsAfter(token, before);
      expect(events.map((event) => event.type)).toEqual(scenario.outcome.events);
      expect(object.status).toBe(scenario.outcome.status);
      expect(object.failure_code ?? object.last_failure_code ?? undefined).toBe(
        scenario.outcome.failure_code,
      );
    },
  );
});
