// Runs one step of a flow or a preparation: its values with those carried from earlier answers,
// a fresh Idempotency-Key, the current sandbox's token, and repeats for an asynchronous outcome.
import { wireRequest } from '@/lib/console/request';
import type { StepSpec } from '@/lib/console/spec';
import { settled, stepValues, type Answers } from '@/lib/console/steps';
import { send, type Exchange } from './send';
import { adoptToken, ensureToken, rememberIds, validToken } from './session';

/** How often and how many times an asynchronous step asks again (the sandbox settles in seconds). */
const POLL = { everyMs: 1000, attempts: 15 };

/** Whether a token step keeps the current sandbox rather than open a new one: while it is valid. */
export const keepsSandbox = (step: StepSpec) => step.issuesToken && validToken() !== undefined;

/**
 * Sends a step and returns its last exchange; a token step's token becomes the current sandbox. `onTry`
 * shows each attempt of an asynchronous step.
 */
export async function runStep(
  step: StepSpec,
  answers: Answers,
  onTry: (exchange: Exchange, attempt: number) => void = () => {},
): Promise<Exchange> {
  for (let attempt = 1; ; attempt += 1) {
    // Each attempt is a request of its own, with its own Idempotency-Key.
    const values = stepValues(step, answers, () => crypto.randomUUID());
    const request = wireRequest(step.method, step.path, values);
    const exchange = await send(request, step.issuesToken ? undefined : await ensureToken());
    onTry(exchange, attempt);
    const token = exchange.json as { access_token?: string; expires_in?: number } | undefined;
    if (step.issuesToken && token?.access_token) {
      adoptToken(token.access_token, token.expires_in ?? 0);
    }
    rememberIds(exchange.json);
    if (settled(step, exchange.status, exchange.json) || attempt >= POLL.attempts) return exchange;
    await new Promise((resolve) => setTimeout(resolve, POLL.everyMs));
  }
}

/**
 * Runs steps one after another, each with the answers before it, and stops at a refusal.
 * `onProgress` shows the exchanges so far; the answers come back by step name.
 */
export async function runSteps(
  steps: StepSpec[],
  answers: Answers,
  onProgress: (exchanges: Exchange[]) => void,
): Promise<{ answers: Answers; refused?: { step: StepSpec; exchange: Exchange } }> {
  const exchanges: Exchange[] = [];
  const next = { ...answers };
  for (const step of steps) {
    if (keepsSandbox(step)) continue;
    const exchange = await runStep(step, next);
    exchanges.push(exchange);
    onProgress([...exchanges]);
    if (exchange.status >= 300) return { answers: next, refused: { step, exchange } };
    next[step.name] = exchange.json;
  }
  return { answers: next };
}
