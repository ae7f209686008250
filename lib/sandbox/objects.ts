import type { SandboxModel, SandboxObject } from './model';
import type { SandboxStore } from './store/types';

/** Events are not stored as objects: they are read from the inbox's deliveries. */
const EVENT_KIND = 'event';

/** One sandbox's objects: its own, over the shared sample objects it has not changed or removed. */
export class SandboxObjects {
  constructor(
    private readonly model: SandboxModel,
    private readonly store: SandboxStore,
    private readonly sandboxId: string,
  ) {}

  keyOf(object: SandboxObject): string {
    return String(object[this.model.keys.get(object.object) ?? 'id']);
  }

  /** The object of a kind with a key, or undefined. */
  async find(kind: string, key: string): Promise<SandboxObject | undefined> {
    if (kind === EVENT_KIND) return (await this.all(kind)).find((event) => event.id === key);
    const own = await this.store.get(this.sandboxId, kind, key);
    if (own) return own;
    if (await this.store.isRemoved(this.sandboxId, kind, key)) return undefined;
    const seed = this.model.seeds.get(kind)?.get(key);
    return seed ? structuredClone(seed) : undefined;
  }

  /** The object an ID stands for, whatever its kind, found by its prefix. */
  async findById(id: string): Promise<SandboxObject | undefined> {
    const kind = this.kindOfId(id);
    return kind ? this.find(kind, id) : undefined;
  }

  kindOfId(id: string): string | undefined {
    const prefix = /^[a-z]+_/.exec(id)?.[0];
    return prefix ? this.model.kindOfPrefix.get(prefix) : undefined;
  }

  /** Every object of a kind, newest first by `created_at`; the scenarios' test cards are not listed. */
  async all(kind: string): Promise<SandboxObject[]> {
    const own =
      kind === EVENT_KIND ? await this.events() : await this.store.list(this.sandboxId, kind);
    const ownKeys = new Set(own.map((object) => this.keyOf(object)));
    const seeds: SandboxObject[] = [];
    for (const [key, seed] of this.model.seeds.get(kind) ?? []) {
      if (ownKeys.has(key) || this.model.unlisted.has(`${kind}/${key}`)) continue;
      if (await this.store.isRemoved(this.sandboxId, kind, key)) continue;
      seeds.push(structuredClone(seed));
    }
    // Own objects are stored oldest first; reversing keeps same-second creations newest first.
    return [...own.reverse(), ...seeds].sort((a, b) =>
      String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')),
    );
  }

  /** The objects of a kind this sandbox created: not the sample objects, even after it changed them. */
  async created(kind: string): Promise<SandboxObject[]> {
    const samples = this.model.seeds.get(kind);
    const own = await this.store.list(this.sandboxId, kind);
    return own.filter((object) => !samples?.has(this.keyOf(object)));
  }

  /** The events of the inbox, each once, oldest first like stored objects. */
  private async events(): Promise<SandboxObject[]> {
    const events = new Map<string, SandboxObject>();
    for (const delivery of await this.store.deliveries(this.sandboxId)) {
      if (!events.has(delivery.event_id)) events.set(delivery.event_id, JSON.parse(delivery.body));
    }
    return [...events.values()].reverse();
  }

  async save(object: SandboxObject): Promise<void> {
    if (object.object === EVENT_KIND) return;
    await this.store.put(this.sandboxId, object.object, this.keyOf(object), object);
  }

  async remove(object: SandboxObject): Promise<void> {
    await this.store.remove(this.sandboxId, object.object, this.keyOf(object));
  }
}
