import type { SandboxContext } from './machines/types';
import type { SandboxObject } from './model';
import { spawnFor } from './related';

/**
 * Sends a transition's events in order. An event is about the object, or about a related object
 * of its kind; for an event of another kind, the object it is about is made (a chargeback for a
 * disputed charge). An event the document does not define throws.
 */
export async function announce(
  context: SandboxContext,
  object: SandboxObject,
  events: string[],
  failureCode: string | null,
  related: SandboxObject[] = [],
) {
  for (const type of events) {
    context.events.requireDocumented(type);
    const kind = type.slice(0, type.indexOf('.'));
    const about =
      [object, ...related].find((candidate) => candidate.object === kind) ??
      (await spawnFor(type, object, context, failureCode));
    if (about) await context.events.emit(type, about, context.now, context.request);
  }
}
