import type { SandboxModel } from '@/lib/sandbox/model';

type Delivered = { body: string };
type Event = { request: { id: string } | null; data: { object: { id?: unknown } } };

/**
 * Whether a delivery's event is one time brought to an object every sandbox starts with: their
 * steps (a link expiring, a hold lapsing) fall due as a test moves the clock, beside the test's
 * own. What a test's requests do to those objects is the test's.
 */
export function isAboutTheStory(model: SandboxModel, delivery: Delivered): boolean {
  const event = JSON.parse(delivery.body) as Event;
  const { id } = event.data.object;
  if (event.request !== null || typeof id !== 'string') return false;
  return [...model.seeds.values()].some((objects) => objects.has(id));
}

/** The deliveries of a test's own doing, leaving out what time did to the story's objects. */
export const ownDeliveries = <T extends Delivered>(model: SandboxModel, deliveries: T[]) =>
  deliveries.filter((delivery) => !isAboutTheStory(model, delivery));
