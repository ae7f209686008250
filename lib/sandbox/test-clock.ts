// A sandbox's test clock: how far its time runs ahead of the real one. Objects, events and the
// steps that fall due read the sandbox's time; its token's hour runs on the real clock.
import { SandboxError } from './errors';
import type { SandboxStore } from './store/types';
import { timestamp } from './time';

const DAY_SECONDS = 24 * 60 * 60;

/** Stored among the sandbox's objects, so it is kept, shared and dropped with them. */
const CLOCK_KIND = 'test_clock';
const CLOCK_KEY = 'clock';

/** The furthest one advance goes: a year and a day, enough for any documented window. */
export const MAX_CLOCK_ADVANCE_SECONDS = 366 * DAY_SECONDS;

/** The clock as the API shows it. */
export type TestClock = {
  object: 'test_clock';
  /** The sandbox's current time. */
  now: string;
  /** How far it runs ahead of the real time. */
  advanced_by_seconds: number;
};

/** How many milliseconds a sandbox's time runs ahead of the real time. */
export async function clockOffset(store: SandboxStore, sandboxId: string): Promise<number> {
  const clock = await store.get(sandboxId, CLOCK_KIND, CLOCK_KEY);
  return typeof clock?.offset_ms === 'number' ? clock.offset_ms : 0;
}

/** A sandbox's time at the real time `now`. */
export async function sandboxTime(
  store: SandboxStore,
  sandboxId: string,
  now: number,
): Promise<number> {
  return now + (await clockOffset(store, sandboxId));
}

export async function setClockOffset(store: SandboxStore, sandboxId: string, offsetMs: number) {
  await store.put(sandboxId, CLOCK_KIND, CLOCK_KEY, {
    object: CLOCK_KIND,
    id: CLOCK_KEY,
    offset_ms: offsetMs,
  });
}

export function clockView(sandboxNow: number, offsetMs: number): TestClock {
  return {
    object: 'test_clock',
    now: timestamp(sandboxNow),
    advanced_by_seconds: Math.round(offsetMs / 1000),
  };
}

const invalid = (message: string, param: string) =>
  new SandboxError('parameter_invalid', message, param);

/**
 * The time an advance request moves a sandbox to, from `{ "seconds": n }` or `{ "to": date }`:
 * forward only, by at most `MAX_CLOCK_ADVANCE_SECONDS`.
 */
export function advanceTarget(body: unknown, sandboxNow: number): number {
  const request = (body ?? {}) as { seconds?: unknown; to?: unknown };
  const given = ['seconds', 'to'].filter((field) => field in request);
  if (given.length !== 1) {
    throw invalid('Send either `seconds` or `to`, such as {"seconds": 86400}.', 'seconds');
  }
  const max = MAX_CLOCK_ADVANCE_SECONDS;
  if (given[0] === 'seconds') {
    const { seconds } = request;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > max) {
      throw invalid(`The seconds parameter must be a whole number from 1 to ${max}.`, 'seconds');
    }
    return sandboxNow + seconds * 1000;
  }
  const to = typeof request.to === 'string' ? Date.parse(request.to) : NaN;
  if (!/^\d{4}-\d{2}-\d{2}(T.+)?$/.test(String(request.to)) || Number.isNaN(to)) {
    throw invalid(
      'The to parameter must be an ISO 8601 date or date-time, such as 2026-12-24T08:00:00Z.',
      'to',
    );
  }
  if (to <= sandboxNow) {
    throw invalid(
      `The to parameter must be after the sandbox's time, ${timestamp(sandboxNow)}.`,
      'to',
    );
  }
  if (to - sandboxNow > max * 1000) {
    throw invalid(
      `The to parameter must be at most ${max / DAY_SECONDS} days after the sandbox's time.`,
      'to',
    );
  }
  return to;
}
