import type { SandboxContext } from './machines/types';
import type { SandboxObject } from './model';
import { spawnFor } from './related';

/** Sends a transition's events in order, making the related objects that events of other kinds are about. */
export async function announce(
  context: SandboxContext,
  object: SandboxObject,
  events: string[],
  failureCode: string | null,
) {
  for (const type of events) {
    if (!context.events.isDocumented(type)) continue;
    const about = type.startsWith(`${object.object}.`)
      ? object
      : await spawnFor(type, object, context, failureCode);
    if (about) await context.events.emit(type, about, context.now);
  }
}
