import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { ErrorReply } from 'redis';
import type { SandboxObject } from '../model';
import type { RequestLogEntry } from '../request-log';
import { DEFAULT_STORE_LIMITS } from './limits';
import type { SandboxRedis } from './redis-client';
import { guarded } from './redis-errors';
import { REGISTRY_KEY, sandboxKeys } from './redis-keys';
import { Leases } from './redis-lease';
import { Snapshot } from './redis-snapshot';
import * as scripts from './redis-scripts';
import { DeliveryWatch } from './redis-watch';
import type {
  Delivery,
  DeliveryResult,
  IdempotencyRecord,
  SandboxRecord,
  SandboxStore,
  ScheduledStep,
  StoreLimits,
} from './types';

/** How long a running request holds its Idempotency-Key: a crashed instance frees it this fast. */
const CLAIM_MS = 60_000;

const slot = (kind: string, key: string) => `${kind}/${key}`;
const hashOf = (script: string) => createHash('sha1').update(script).digest('hex');
const parse = <T>(json: string): T => JSON.parse(json) as T;

/**
 * The sandboxes of every instance, in one Redis: each call is one script or command, so the
 * store keeps its limits whichever instance writes; every key expires with its sandbox.
 */
export class RedisStore implements SandboxStore {
  private readonly limits: StoreLimits;
  private readonly leases: Leases;
  private readonly inbox: DeliveryWatch;
  /** The snapshot of the sandbox an `atomically` task runs on, for the writes it makes. */
  private readonly running = new AsyncLocalStorage<Snapshot>();
  /** Idempotency keys this process holds, with the token that proves it. */
  private readonly claims = new Map<string, string>();

  constructor(
    private readonly client: SandboxRedis,
    limits: Partial<StoreLimits> = {},
  ) {
    this.limits = { ...DEFAULT_STORE_LIMITS, ...limits };
    this.leases = new Leases(client, (script, keys, args) => this.run(script, keys, args));
    this.inbox = new DeliveryWatch(client);
  }

  async open(record: SandboxRecord, now: number) {
    const { maxSandboxes, idleMs } = this.limits;
    const args = [record.id, JSON.stringify(record), record.expiresAt, now, idleMs, maxSandboxes];
    await this.run(scripts.OPEN, this.dataKeys(record.id, REGISTRY_KEY), args);
  }

  async sandbox(id: string, now: number) {
    const keys = this.dataKeys(id, REGISTRY_KEY);
    const record = await this.run(scripts.SANDBOX, keys, [id, now, this.limits.idleMs]);
    return typeof record === 'string' ? parse<SandboxRecord>(record) : undefined;
  }

  exclusive<T>(sandboxId: string, task: () => Promise<T>): Promise<T> {
    return this.leases.hold(sandboxKeys(sandboxId).lock, task);
  }

  /** Copies the sandbox's keys before its first write (DUMP), and puts them back (RESTORE) on a throw. */
  atomically<T>(sandboxId: string, task: () => Promise<T>): Promise<T> {
    return this.exclusive(sandboxId, async () => {
      const snapshot = new Snapshot(this.client, sandboxId, sandboxKeys(sandboxId).data);
      try {
        return await this.running.run(snapshot, task);
      } catch (caught) {
        await snapshot.restore();
        throw caught;
      }
    });
  }

  async get(sandboxId: string, kind: string, key: string) {
    const objects = sandboxKeys(sandboxId).data[1]!;
    const json = await guarded(() => this.client.hGet(objects, slot(kind, key)));
    return typeof json === 'string' ? parse<SandboxObject>(json) : undefined;
  }

  async put(sandboxId: string, kind: string, key: string, object: SandboxObject) {
    const { maxBytes, maxObjects } = this.limits;
    await this.write(sandboxId, scripts.PUT, [
      maxBytes,
      slot(kind, key),
      JSON.stringify(object),
      maxObjects,
    ]);
  }

  async list(sandboxId: string, kind: string) {
    const [, objects, order] = sandboxKeys(sandboxId).data;
    const found = (await this.run(scripts.LIST, [objects!, order!], [`${kind}/`])) as string[];
    return found.map((json) => parse<SandboxObject>(json));
  }

  async remove(sandboxId: string, kind: string, key: string) {
    await this.write(sandboxId, scripts.REMOVE, [this.limits.maxBytes, slot(kind, key)]);
  }

  async isRemoved(sandboxId: string, kind: string, key: string) {
    const removed = sandboxKeys(sandboxId).data[3]!;
    return (await guarded(() => this.client.sIsMember(removed, slot(kind, key)))) === 1;
  }

  async idempotency(sandboxId: string, key: string) {
    const replays = sandboxKeys(sandboxId).data[4]!;
    const json = await guarded(() => this.client.hGet(replays, key));
    return typeof json === 'string' ? parse<IdempotencyRecord>(json) : undefined;
  }

  async saveIdempotency(sandboxId: string, record: IdempotencyRecord) {
    const { maxBytes, maxIdempotencyRecords } = this.limits;
    await this.write(sandboxId, scripts.SAVE_REPLAY, [
      maxBytes,
      record.key,
      JSON.stringify(record),
      maxIdempotencyRecords,
    ]);
  }

  async claimIdempotencyKey(sandboxId: string, key: string) {
    const claim = sandboxKeys(sandboxId).claim(key);
    const token = randomUUID();
    const taken = await guarded(() =>
      this.client.set(claim, token, {
        condition: 'NX',
        expiration: { type: 'PX', value: CLAIM_MS },
      }),
    );
    if (taken) this.claims.set(claim, token);
    return Boolean(taken);
  }

  async releaseIdempotencyKey(sandboxId: string, key: string) {
    const claim = sandboxKeys(sandboxId).claim(key);
    const token = this.claims.get(claim);
    if (token === undefined) return;
    this.claims.delete(claim);
    await this.run(scripts.RELEASE, [claim], [token]);
  }

  async schedule(sandboxId: string, step: ScheduledStep) {
    const { maxBytes, maxObjects } = this.limits;
    await this.write(sandboxId, scripts.SCHEDULE, [
      maxBytes,
      step.dueAt,
      JSON.stringify(step),
      maxObjects,
    ]);
  }

  async takeDueSteps(sandboxId: string, now: number) {
    const steps = sandboxKeys(sandboxId).data[6]!;
    await this.running.getStore()?.take(sandboxId);
    const due = (await this.run(scripts.TAKE_DUE, [steps], [now])) as string[];
    return due.map((member) => parse<ScheduledStep>(member.slice(member.indexOf('|') + 1)));
  }

  async deliver(sandboxId: string, delivery: Delivery) {
    const { maxBytes, maxDeliveries } = this.limits;
    const { channel } = sandboxKeys(sandboxId);
    await this.write(sandboxId, scripts.DELIVER, [
      maxBytes,
      JSON.stringify(delivery),
      maxDeliveries,
      channel,
      delivery.id,
    ]);
  }

  async deliveries(sandboxId: string) {
    const deliveries = sandboxKeys(sandboxId).data[7]!;
    const all = await guarded(() => this.client.lRange(deliveries, 0, -1));
    return all.map((json) => parse<Delivery>(json)).reverse();
  }

  async deliveriesAfter(sandboxId: string, afterId: string | undefined) {
    const deliveries = sandboxKeys(sandboxId).data[7]!;
    const after = await this.run(scripts.DELIVERIES_AFTER, [deliveries], [afterId ?? '']);
    return (after as string[]).map((json) => parse<Delivery>(json));
  }

  watchDeliveries(sandboxId: string, wake: () => void) {
    return this.inbox.watch(sandboxKeys(sandboxId).channel, wake);
  }

  async saveDeliveryResult(sandboxId: string, deliveryId: string, result: DeliveryResult) {
    const { data, results } = sandboxKeys(sandboxId);
    const args = [deliveryId, JSON.stringify(result), this.limits.maxDeliveries];
    return (
      (await this.run(scripts.SAVE_DELIVERY_RESULT, [data[0]!, data[7]!, results], args)) === 1
    );
  }

  async deliveryResults(sandboxId: string) {
    const { data, results } = sandboxKeys(sandboxId);
    const [held, all] = await guarded(() =>
      Promise.all([this.client.lRange(data[7]!, 0, -1), this.client.hGetAll(results)]),
    );
    const ids = new Set(held.map((json) => parse<Delivery>(json).id));
    return Object.fromEntries(
      Object.entries(all)
        .filter(([id]) => ids.has(id))
        .map(([id, json]) => [id, parse<DeliveryResult>(json)]),
    );
  }

  async logRequest(sandboxId: string, entry: RequestLogEntry) {
    const { data, requests } = sandboxKeys(sandboxId);
    const { maxLoggedRequests, maxRequestLogBytes } = this.limits;
    const args = [JSON.stringify(entry), maxLoggedRequests, maxRequestLogBytes];
    await this.run(scripts.LOG_REQUEST, [data[0]!, ...requests], args);
  }

  async loggedRequests(sandboxId: string) {
    const [log] = sandboxKeys(sandboxId).requests;
    const all = await guarded(() => this.client.lRange(log!, 0, -1));
    return all.map((json) => parse<RequestLogEntry>(json));
  }

  /** Closes the connection its inbox watch opened; the client it was given stays open. */
  close(): Promise<void> {
    return this.inbox.close();
  }

  private dataKeys(sandboxId: string, ...more: string[]) {
    return [...sandboxKeys(sandboxId).data, ...more];
  }

  /** A write script on the sandbox's data keys, after the running task's snapshot is taken. */
  private async write(sandboxId: string, script: string, args: (string | number)[]) {
    await this.running.getStore()?.take(sandboxId);
    await this.run(script, this.dataKeys(sandboxId), args);
  }

  /** Runs a script by its hash, sending its text only the first time Redis has not seen it. */
  private run(script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    const hash = hashOf(script);
    const options = { keys, arguments: args.map(String) };
    return guarded(async () => {
      try {
        return await this.client.evalSha(hash, options);
      } catch (caught) {
        if (!(caught instanceof ErrorReply) || !caught.message.startsWith('NOSCRIPT')) throw caught;
        return this.client.eval(script, options);
      }
    });
  }
}
