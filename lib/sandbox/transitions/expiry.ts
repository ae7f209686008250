// The later step that expires an object at its `expires_at`.
import type { LaterStep, SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';

/**
 * The step that expires an object at its `expires_at` with `event` (a credit note expires without
 * one), while that time is ahead: it applies only if the object is still in the status it has
 * now, so a paid link never expires.
 */
export function expiryStep(
  object: SandboxObject,
  context: SandboxContext,
  event?: string,
): LaterStep | undefined {
  const at = Date.parse(String(object.expires_at));
  return at > context.now
    ? { changes: { status: 'expired' }, events: event ? [event] : [], at, byTime: true }
    : undefined;
}
