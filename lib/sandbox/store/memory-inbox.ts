// The inbox part of the memory store: a sandbox's deliveries, the oldest dropped once it is full,
// how the reader's handler answered them, and the streams to wake when one arrives.
import { makeRoom, read, sized, type SandboxState } from './memory-state';
import type { Delivery, DeliveryResult, StoreLimits } from './types';

/** The inbox streams of this process waiting for a sandbox's next delivery. */
export class DeliveryWatchers {
  private readonly watchers = new Map<string, Set<() => void>>();

  /** Calls `wake` on each delivery to the sandbox; answers the stop. */
  watch(sandboxId: string, wake: () => void) {
    const watchers = this.watchers.get(sandboxId) ?? new Set();
    this.watchers.set(sandboxId, watchers.add(wake));
    return () => {
      watchers.delete(wake);
      if (!watchers.size) this.watchers.delete(sandboxId);
    };
  }

  wake(sandboxId: string) {
    this.watchers.get(sandboxId)?.forEach((wake) => wake());
  }
}

/** Keeps a delivery, dropping the oldest when the inbox holds its maximum. */
export function addDelivery(state: SandboxState, delivery: Delivery, limits: StoreLimits) {
  const stored = { ...sized(delivery), id: delivery.id };
  if (state.deliveries.length >= limits.maxDeliveries) dropOldestDelivery(state);
  makeRoom(state, stored.bytes, limits);
  state.deliveries.push(stored);
}

function dropOldestDelivery(state: SandboxState) {
  const dropped = state.deliveries.shift();
  state.bytes -= dropped?.bytes ?? 0;
}

/** The deliveries a sandbox holds, newest first. */
export function deliveriesOf(state: SandboxState | undefined) {
  const stored = state?.deliveries ?? [];
  return stored.map((delivery) => read(delivery)).reverse();
}

/** The deliveries after the one with `afterId` (all when it is not given or held), oldest first. */
export function deliveriesAfter(state: SandboxState | undefined, afterId: string | undefined) {
  const stored = state?.deliveries ?? [];
  const index = afterId === undefined ? -1 : stored.findIndex(({ id }) => id === afterId);
  return stored.slice(index + 1).map((delivery) => read(delivery));
}

/** Notes how the handler answered a delivery still held; false when it is not. */
export function saveDeliveryResult(
  state: SandboxState | undefined,
  deliveryId: string,
  result: DeliveryResult,
) {
  const held = new Set(state?.deliveries.map(({ id }) => id));
  if (!state || !held.has(deliveryId)) return false;
  state.results.set(deliveryId, result);
  // Results of deliveries dropped to make room go with them.
  for (const id of state.results.keys()) if (!held.has(id)) state.results.delete(id);
  return true;
}

/** How the handler answered the deliveries still held, by delivery id. */
export function deliveryResultsOf(state: SandboxState | undefined) {
  const held = new Set(state?.deliveries.map(({ id }) => id));
  return Object.fromEntries([...(state?.results ?? [])].filter(([id]) => held.has(id)));
}
