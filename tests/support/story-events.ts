import type { SandboxModel } from '@/lib/sandbox/model';

type Delivered = { body: string };

/**
 * Whether a delivery's event is about one of the objects every sandbox starts with: their steps
 * (a link expiring, a hold lapsing) fall due as a test moves the clock, beside the test's own.
 */
export function isAboutTheStory(model: SandboxModel, delivery: Delivered): boolean {
  const { id } = (JSON.parse(delivery.body) as { data: { object: { id?: unknown } } }).data.object;
  return [...model.seeds.values()].some((objects) => typeof id === 'string' && objects.has(id));
}

/** The deliveries of a test's own objects, leaving out those of the story's. */
export const ownDeliveries = <T extends Delivered>(model: SandboxModel, deliveries: T[]) =>
  deliveries.filter((delivery) => !isAboutTheStory(model, delivery));
