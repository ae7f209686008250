// The outcome of a request: its test scenario's when it triggers one, else the natural one, and
// the status and failure reason it writes onto an object.
import { SandboxError } from '../errors';
import type { RequestContext } from '../machines/types';
import type { SandboxModel, SandboxObject } from '../model';

/** The outcome a request has: its test scenario's when it triggers one, else the natural one. */
export type Outcome = { status: string; failureCode: string | null; events: string[] };

/** The statuses a kind of object can have, from its schema. */
export function statusesOf(model: SandboxModel, kind: string): string[] {
  return (model.views.get(kind)?.properties.status?.values ?? []).map(({ value }) => value);
}

/** Refuses the request when its scenario's outcome is an error, such as `card_declined`. */
export function refuseIfScenarioErrs(context: RequestContext) {
  const error = context.scenario?.outcome.error;
  if (!error) return;
  const description = context.model.document.components.schemas.ErrorCode?.oneOf?.find(
    (entry) => entry.const === error,
  )?.description;
  throw new SandboxError(
    error,
    description ?? `The test scenario ${context.scenario!.id} refuses this request.`,
    context.scenario!.trigger.field,
  );
}

/** The scenario's outcome for an object of `kind` when it names one of its statuses, else `natural`. */
export function decide(context: RequestContext, kind: string, natural: Outcome): Outcome {
  const outcome = context.scenario?.outcome;
  if (!outcome?.status || !statusesOf(context.model, kind).includes(outcome.status)) return natural;
  return {
    status: outcome.status,
    failureCode: outcome.failure_code ?? null,
    events: outcome.events,
  };
}

/** The name of the field that holds a kind's failure reason: `failure_code` or `last_failure_code`. */
function failureField(object: SandboxObject): string | undefined {
  return ['failure_code', 'last_failure_code'].find((field) => field in object);
}

/** Writes a status and failure reason onto an object. */
export function setStatus(object: SandboxObject, status: string, failureCode: string | null): void {
  object.status = status;
  const field = failureField(object);
  if (field) object[field] = failureCode;
}

/** Splits events into those sent now and those sent by the later step. */
export function splitEvents(
  events: string[],
  sentNow: (type: string) => boolean,
): [string[], string[]] {
  return [events.filter(sentNow), events.filter((type) => !sentNow(type))];
}
