// The documented rule that disables an endpoint whose every delivery failed for days, through the
// last retry of each, applied to what a sandbox's forwarder reports: the failures since the last
// reported success make a streak, kept among the sandbox's objects like its signing secrets.
import type { SandboxContext } from './machines/types';
import type { SandboxObjects } from './objects';

const STREAK_KIND = 'failing_deliveries';
const STREAK_ID = 'streak';
const DAY_MS = 86_400_000;

/** Failures reported since the last success: when the first was, and whether one was a last retry's. */
export type FailingStreak = { since: number; exhausted: boolean };

/** One reported result: when, on the sandbox's clock, whether no retry follows it, and how it went. */
export type ReportedAttempt = { at: number; lastAttempt: boolean; succeeded: boolean };

/** The streak after a reported result: a success ends it, a failure starts or extends it. */
export function nextStreak(
  streak: FailingStreak | null,
  attempt: ReportedAttempt,
): FailingStreak | null {
  if (attempt.succeeded) return null;
  return {
    since: streak?.since ?? attempt.at,
    exhausted: (streak?.exhausted ?? false) || attempt.lastAttempt,
  };
}

/** When a streak disables the endpoints: `days` after its first failure, once a last retry failed too. */
export function disablesAt(streak: FailingStreak | null, days: number): number | null {
  return streak?.exhausted ? streak.since + days * DAY_MS : null;
}

async function failingStreak(objects: SandboxObjects): Promise<FailingStreak | null> {
  const stored = await objects.find(STREAK_KIND, STREAK_ID);
  return (stored?.streak as FailingStreak | null | undefined) ?? null;
}

async function saveFailingStreak(objects: SandboxObjects, streak: FailingStreak | null) {
  await objects.save({ object: STREAK_KIND, id: STREAK_ID, streak });
}

/**
 * Counts a result the forwarder reported. When it makes the streak one that disables, each
 * enabled endpoint gets a step at that time, which disables it if no success came in between.
 */
export async function countReportedResult(context: SandboxContext, attempt: ReportedAttempt) {
  const days = context.model.delivery.disabled_after_failing_days;
  const before = await failingStreak(context.objects);
  const after = nextStreak(before, attempt);
  await saveFailingStreak(context.objects, after);
  const at = disablesAt(after, days);
  if (at === null || at === disablesAt(before, days)) return;
  const endpoints = await context.objects.all('webhook_endpoint');
  for (const endpoint of endpoints.filter(({ status }) => status === 'enabled')) {
    await context.schedule(endpoint, { changes: {}, events: [], at, byTime: true });
  }
}

/** Whether the deliveries have failed long enough, by now, for the endpoints to be disabled. */
export async function failedLongEnough(context: SandboxContext): Promise<boolean> {
  const days = context.model.delivery.disabled_after_failing_days;
  const at = disablesAt(await failingStreak(context.objects), days);
  return at !== null && context.now >= at;
}

/** Forgets the failures so far: a re-enabled endpoint counts its failing days afresh. */
export function endFailingStreak(objects: SandboxObjects) {
  return saveFailingStreak(objects, null);
}
