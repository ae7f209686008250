// Runs one step of a flow or a preparation: its values with those carried from earlier answers,
// a fresh Idempotency-Key, the tab's token, and repeats for an asynchronous outcome.
import { setValue, valueAt, wireRequest } from '@/lib/console/request';
import type { RequestValues, StepSpec } from '@/lib/console/spec';
import { send, type Exchange } from './send';
import { adoptToken, ensureToken, rememberIds } from './session';

/** How often and how many times an asynchronous step asks again (the sandbox settles in seconds). */
const POLL = { everyMs: 1000, attempts: 15 };

/** The answers so far, by step name. */
export type Answers = Record<string, unknown>;

/** The step's values with every carried value set from the answers. */
export function carriedValues(step: StepSpec, answers: Answers): RequestValues {
  let values = step.request;
  for (const [where, from] of Object.entries(step.carry)) {
    const [name, ...path] = from.split('.');
    const value = valueAt(answers[name!], path.join('.'));
    if (value === undefined)
      throw new Error(`No ${from} to carry into ${where}: an earlier step did not return it.`);
    values = setValue(values, where, value);
  }
  if (step.idempotent) values = setValue(values, 'headers.Idempotency-Key', crypto.randomUUID());
  return values;
}

function settled(step: StepSpec, exchange: Exchange): boolean {
  if (!step.until || exchange.status >= 300) return true;
  const value = valueAt(exchange.json, step.until.field);
  return step.until.equals === undefined ? value !== undefined : value === step.until.equals;
}

/**
 * Sends a step and returns its last exchange; a token step's token becomes the tab's. `onTry`
 * shows each attempt of an asynchronous step.
 */
export async function runStep(
  step: StepSpec,
  answers: Answers,
  onTry: (exchange: Exchange, attempt: number) => void = () => {},
): Promise<Exchange> {
  const values = carriedValues(step, answers);
  const request = wireRequest(step.method, step.path, values);
  for (let attempt = 1; ; attempt += 1) {
    const exchange = await send(request, step.issuesToken ? undefined : await ensureToken());
    onTry(exchange, attempt);
    const token = exchange.json as { access_token?: string; expires_in?: number } | undefined;
    if (step.issuesToken && token?.access_token)
      adoptToken(token.access_token, token.expires_in ?? 0);
    rememberIds(exchange.json);
    if (settled(step, exchange) || attempt >= POLL.attempts) return exchange;
    await new Promise((resolve) => setTimeout(resolve, POLL.everyMs));
  }
}
