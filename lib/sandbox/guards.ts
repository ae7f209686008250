// The conditions of the document's lifecycle rows, by the `guard` name a row carries: where one
// request or moment can lead to several statuses, the row's guard says which, and the sandbox
// holds every move it makes to a row whose guard is true of it.
import type { SandboxObject } from './model';

/** One move of an object: as it was, as it is, what the request sent, and what moved with it. */
export type Move = {
  before: SandboxObject | undefined;
  after: SandboxObject;
  body: Record<string, unknown>;
  related: SandboxObject[];
  now: number;
};

const DAY_MS = 86_400_000;

const chargeSucceeded = ({ related }: Move) =>
  related.some((object) => object.object === 'charge' && object.status === 'succeeded');

const creditLeft = (note: SandboxObject) =>
  Number(note.amount) -
  ((note.applications ?? []) as { amount: number }[]).reduce((sum, { amount }) => sum + amount, 0);

const stageIn =
  (object: 'before' | 'after', ...stages: string[]) =>
  (move: Move) =>
    stages.includes(String(move[object]?.stage));

/** The guards the document's rows name, each true of exactly the moves its `when` describes. */
export const GUARDS: Record<string, (move: Move) => boolean> = {
  // A consent at the holder's bank.
  holder_approves: ({ body }) => body.result === 'authorised',
  holder_cancels: ({ body }) => body.result === 'rejected',
  unchanged: ({ before, after }) => before?.status === after.status,
  // A trip ends the day after its return, or after its departure for a one-way trip.
  trip_over: ({ after, now }) =>
    now >= Date.parse(String(after.return_date ?? after.departure_date)) + DAY_MS,
  // A dispute, by its stage.
  opens_as_chargeback_or_inquiry: stageIn('after', 'chargeback', 'inquiry'),
  evidence_submitted: ({ body }) => body.submit !== false,
  evidence_drafted: ({ body }) => body.submit === false,
  inquiry_unanswered: stageIn('before', 'inquiry'),
  chargeback_unanswered: stageIn('before', 'chargeback', 'pre_arbitration'),
  escalates_to_chargeback_or_pre_arbitration: stageIn('after', 'chargeback', 'pre_arbitration'),
  escalates_to_arbitration: stageIn('after', 'arbitration'),
  deadline_moved: ({ before, after }) =>
    before?.stage === after.stage && before?.evidence_due_by !== after.evidence_due_by,
  // A card payment, by the issuer's answer, the cardholder's and what was captured.
  approved_and_captured: ({ after }) => after.capture === true && after.failure_code === null,
  approved_for_capture: ({ after }) => after.capture === false && after.failure_code === null,
  challenged_on_session: ({ after }) => after.off_session === false && after.next_action !== null,
  declined: ({ after }) => after.failure_code !== null && after.failure_code !== undefined,
  final_capture: ({ body, after }) =>
    body.final_capture !== false || Number(after.amount_captured) >= Number(after.amount),
  partial_capture: ({ body, after }) =>
    body.final_capture === false && Number(after.amount_captured) < Number(after.amount),
  amount_raised: ({ before, after }) => Number(after.amount) > Number(before?.amount),
  nothing_captured: ({ after }) => Number(after.amount_captured) === 0,
  part_captured: ({ after }) => Number(after.amount_captured) > 0,
  fraud_warning_set: ({ after }) =>
    after.fraud_warning !== null && after.fraud_warning !== undefined,
  // Credit left on a note: its amount less what its applications took.
  credit_remains: ({ after }) => creditLeft(after) > 0,
  nothing_remains: ({ after }) => creditLeft(after) === 0,
  // A hosted page or a scheduled attempt, by the charge it made.
  payment_succeeds: chargeSucceeded,
  payment_not_yet_made: (move) => !chargeSucceeded(move),
  retry_left: (move) => !chargeSucceeded(move) && move.after.next_attempt_at !== null,
  no_retry_left: (move) => !chargeSucceeded(move) && move.after.next_attempt_at === null,
};
