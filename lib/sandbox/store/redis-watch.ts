import 'server-only';
import type { SandboxRedis } from './redis-client';

/** Wakes the inbox streams of this process on deliveries published by any instance (pub/sub). */
export class DeliveryWatch {
  private subscriber: Promise<SandboxRedis> | undefined;
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(private readonly client: SandboxRedis) {}

  /** Calls `wake` on each message of `channel`; resolves to a stop once subscribed. */
  async watch(channel: string, wake: () => void): Promise<() => void> {
    let watchers = this.watchers.get(channel);
    if (!watchers) {
      const fresh = new Set<() => void>();
      this.watchers.set(channel, fresh);
      try {
        const subscriber = await this.connection();
        await subscriber.subscribe(channel, () => fresh.forEach((watcher) => watcher()));
      } catch (caught) {
        this.watchers.delete(channel);
        throw caught;
      }
      watchers = fresh;
    }
    watchers.add(wake);
    const own = watchers;
    return () => {
      own.delete(wake);
      if (own.size || this.watchers.get(channel) !== own) return;
      this.watchers.delete(channel);
      void this.connection()
        .then((subscriber) => subscriber.unsubscribe(channel))
        .catch(() => undefined);
    };
  }

  /** Closes the subscribing connection, for a store that is done. */
  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.watchers.clear();
    await (await subscriber?.catch(() => undefined))?.close();
  }

  /** One subscribing connection per process; it resubscribes by itself after a reconnect. */
  private connection(): Promise<SandboxRedis> {
    this.subscriber ??= (async () => {
      const subscriber = this.client.duplicate();
      // The main connection reports outages; this one only follows them.
      subscriber.on('error', () => undefined);
      await subscriber.connect();
      return subscriber;
    })().catch((caught: unknown) => {
      this.subscriber = undefined;
      throw caught;
    });
    return this.subscriber;
  }
}
