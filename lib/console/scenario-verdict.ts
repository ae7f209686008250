// A scenario's documented outcome beside what the sandbox did, judged on the answer's body as the
// console shows it; an outcome that arrives later, by event, is told apart from one the body shows.
import { latestEventAbout, latestState, type Delivery } from './deliveries';

type Outcome = { status: string; failure_code?: string; error?: string; events: string[] };
type Answer = {
  id?: string;
  status?: string;
  failure_code?: string;
  last_failure_code?: string;
  error?: { code?: string };
};

/** `true`: the body shows it; `later`: an event after the answer shows it; `false`: neither yet. */
export type Match = 'true' | 'later' | 'false';
export type OutcomeRow = { label: string; expected: string; match: Match; text: string };

/** One documented value against the body's and, failing that, the latest event's. */
function row(
  label: string,
  expected: string,
  shown: string | undefined,
  later: { value?: string; by?: string },
): OutcomeRow {
  const documented = `${label} ${expected}`;
  if (shown === expected)
    return { label, expected, match: 'true', text: `${documented}: as documented` };
  if (later.value === expected && later.by) {
    return {
      label,
      expected,
      match: 'later',
      text: `${documented}: the answer shows ${shown ?? 'none'}, then ${later.by} shows ${expected}, as documented`,
    };
  }
  return {
    label,
    expected,
    match: 'false',
    text: `${documented}: so far ${later.value ?? shown ?? 'none'}`,
  };
}

/** The rows of the check: the error, or the status and failure code; then the events sent. */
export function scenarioRows(outcome: Outcome, answer: Answer, events: Delivery[]): OutcomeRow[] {
  const emitted = events.map((event) => event.type).join(', ') || 'none';
  const expectedEvents = outcome.events.join(', ') || 'none';
  const eventsRow = row('events', expectedEvents, emitted, {});
  if (outcome.error) return [row('error', outcome.error, answer.error?.code, {}), eventsRow];
  const latest = latestState(answer, events);
  const by = latestEventAbout(answer.id, events)?.type;
  const shownFailure = answer.failure_code ?? answer.last_failure_code;
  return [
    row('status', outcome.status, answer.status, { value: latest.status, by }),
    ...(outcome.failure_code
      ? [
          row('failure code', outcome.failure_code, shownFailure, {
            value: latest.failure_code,
            by,
          }),
        ]
      : []),
    eventsRow,
  ];
}
