import { requireComplete } from './construct';
import { derive } from './derivations';
import { EVENT_RETENTION_MS } from './limits';
import type { SandboxModel, SandboxObject } from './model';
import { datedSeed, seedOffset } from './seed-dates';
import type { SandboxRecord, SandboxStore } from './store/types';

/** Events are not stored as objects: they are read from the inbox's deliveries. */
const EVENT_KIND = 'event';

/** One sandbox's objects: its own, over the shared sample objects it has not changed or removed. */
export class SandboxObjects {
  private readonly sandboxId: string;
  /** How far this sandbox's dates lie from the story's. */
  private readonly offsetMs: number;

  constructor(
    private readonly model: SandboxModel,
    private readonly store: SandboxStore,
    sandbox: SandboxRecord,
    /** The sandbox's time: the events endpoints keep the events of the 30 days before it. */
    private readonly now: number,
  ) {
    this.sandboxId = sandbox.id;
    this.offsetMs = seedOffset(model, sandbox);
  }

  /** The key an object is found by; a one-of-a-kind object without an ID, such as the balance, by its kind. */
  keyOf(object: SandboxObject): string {
    const key = object[this.model.keys.get(object.object) ?? 'id'];
    return key === undefined ? object.object : String(key);
  }

  /** The object of a kind with a key, or undefined. */
  async find(kind: string, key: string): Promise<SandboxObject | undefined> {
    if (kind === EVENT_KIND) return (await this.all(kind)).find((event) => event.id === key);
    const found = await this.stored(kind, key);
    if (found) await derive(kind, [found], this.read);
    return found;
  }

  private async stored(kind: string, key: string): Promise<SandboxObject | undefined> {
    const own = await this.store.get(this.sandboxId, kind, key);
    if (own) return own;
    if (await this.store.isRemoved(this.sandboxId, kind, key)) return undefined;
    const seed = this.model.seeds.get(kind)?.get(key);
    return seed ? datedSeed(this.model, seed, this.offsetMs) : undefined;
  }

  /** Every object of a kind as held, before its derived fields are worked out. */
  private readonly read = (kind: string) => this.held(kind);

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
    return derive(kind, await this.held(kind), this.read);
  }

  private async held(kind: string): Promise<SandboxObject[]> {
    const own =
      kind === EVENT_KIND ? await this.events() : await this.store.list(this.sandboxId, kind);
    const ownKeys = new Set(own.map((object) => this.keyOf(object)));
    const seeds: SandboxObject[] = [];
    for (const [key, seed] of this.model.seeds.get(kind) ?? []) {
      if (ownKeys.has(key) || this.model.unlisted.has(`${kind}/${key}`)) continue;
      if (await this.store.isRemoved(this.sandboxId, kind, key)) continue;
      seeds.push(datedSeed(this.model, seed, this.offsetMs));
    }
    // Own objects are stored oldest first; reversing keeps same-second creations newest first.
    const held = [...own.reverse(), ...seeds].sort((a, b) =>
      String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')),
    );
    return kind === EVENT_KIND ? held.filter((event) => this.isKept(event)) : held;
  }

  /** Whether an event is recent enough for the events endpoints to return it. */
  private isKept(event: SandboxObject): boolean {
    return Date.parse(String(event.created_at)) > this.now - EVENT_RETENTION_MS;
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

  /** Stores an object, its derived fields worked out; one with a field nothing set is a defect. */
  async save(object: SandboxObject): Promise<void> {
    if (object.object === EVENT_KIND) return;
    await derive(object.object, [object], this.read);
    requireComplete(this.model, object);
    await this.store.put(this.sandboxId, object.object, this.keyOf(object), object);
  }

  async remove(object: SandboxObject): Promise<void> {
    await this.store.remove(this.sandboxId, object.object, this.keyOf(object));
  }
}
