import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { ErrorReply } from 'redis';
import type { SandboxObject } from '../model';
import type { RequestLogEntry } from '../request-log';
import { DEFAULT_STORE_LIMITS } from './limits';
import type { SandboxRedis } from './redis-client';
import { guarded } from './redis-errors';
import { clientSandboxesKey, REGISTRY_KEY, sandboxKeys } from './redis-keys';
import { Journal } from './redis-journal';
import { LEASE_MS, Leases } from './redis-lease';
import * as scripts from './redis-scripts';
import { DeliveryWatch } from './redis-watch';
import {
  SandboxesInUseError,
  type Delivery,
  type DeliveryResult,
  type IdempotencyRecord,
  type SandboxRecord,
  type SandboxStore,
  type ScheduledStep,
  type StoreLimits,
} from './types';

/**
 * How long a running request's hold on its Idempotency-Key lasts without renewal: the key of
 * an instance that died is free again this fast (its writes are rolled back with its lease).
 */
const CLAIM_MS = LEASE_MS;

const slot = (kind: string, key: string) => `${kind}/${key}`;

type Held = { sandboxId: string; leaseToken: string; sections: Journal[] };
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
  /** The sandbox a task holds, its lease's token, and the atomic sections it runs in, outermost first. */
  private readonly held = new AsyncLocalStorage<Held>();
  /** Idempotency keys this process holds, with the token that proves it and its renewal. */
  private readonly claims = new Map<string, { token: string; renewal: NodeJS.Timeout }>();

  constructor(
    private readonly client: SandboxRedis,
    limits: Partial<StoreLimits> = {},
  ) {
    this.limits = { ...DEFAULT_STORE_LIMITS, ...limits };
    this.leases = new Leases((script, keys, args) => this.run(script, keys, args));
    this.inbox = new DeliveryWatch(client);
  }

  async open(record: SandboxRecord, now: number) {
    const { maxSandboxes, idleMs, maxSandboxesPerClient, evictableAfterMs } = this.limits;
    const client = record.client ?? '';
    const keys = this.dataKeys(record.id, REGISTRY_KEY, clientSandboxesKey(client));
    const args = [record.id, JSON.stringify(record), record.expiresAt, now, idleMs, maxSandboxes];
    args.push(client, maxSandboxesPerClient, evictableAfterMs);
    const waitMs = Number(await this.run(scripts.OPEN, keys, args));
    if (waitMs > 0) throw new SandboxesInUseError(waitMs);
  }

  async sandbox(id: string, now: number) {
    const { results, requests } = sandboxKeys(id);
    const keys = this.dataKeys(id, REGISTRY_KEY, results, ...requests);
    const record = await this.run(scripts.SANDBOX, keys, [id, now, this.limits.idleMs]);
    return typeof record === 'string' ? parse<SandboxRecord>(record) : undefined;
  }

  /** Runs `task` under the sandbox's lease; a task that holds it already just runs. */
  exclusive<T>(sandboxId: string, task: () => Promise<T>): Promise<T> {
    if (this.held.getStore()?.sandboxId === sandboxId) return task();
    return this.leases.hold(sandboxId, (leaseToken) =>
      this.held.run({ sandboxId, leaseToken, sections: [] }, task),
    );
  }

  /**
   * Runs `task` as one section: a copy of the sandbox is taken in Redis before its first write
   * and put back if it throws, or by the next holder of the lease if this instance dies first.
   */
  atomically<T>(sandboxId: string, task: () => Promise<T>): Promise<T> {
    return this.exclusive(sandboxId, async () => {
      const held = this.held.getStore()!;
      const run = (script: string, keys: string[], args: (string | number)[]) =>
        this.run(script, keys, args);
      const section = new Journal(run, sandboxId, held.sections.length, held.leaseToken);
      let result: T;
      try {
        result = await this.held.run({ ...held, sections: [...held.sections, section] }, task);
      } catch (caught) {
        await section.rollBack();
        throw caught;
      }
      await section.commit();
      return result;
    });
  }

  async get(sandboxId: string, kind: string, key: string) {
    const objects = sandboxKeys(sandboxId).data[1]!;
    const json = await guarded(this.client, () => this.client.hGet(objects, slot(kind, key)));
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
    return (
      (await guarded(this.client, () => this.client.sIsMember(removed, slot(kind, key)))) === 1
    );
  }

  async idempotency(sandboxId: string, key: string) {
    const replays = sandboxKeys(sandboxId).data[4]!;
    const json = await guarded(this.client, () => this.client.hGet(replays, key));
    return typeof json === 'string' ? parse<IdempotencyRecord>(json) : undefined;
  }

  async saveIdempotency(sandboxId: string, record: IdempotencyRecord) {
    await this.write(sandboxId, scripts.SAVE_REPLAY, [
      this.limits.maxBytes,
      record.key,
      JSON.stringify(record),
    ]);
  }

  async claimIdempotencyKey(sandboxId: string, key: string) {
    const claim = sandboxKeys(sandboxId).claim(key);
    const token = randomUUID();
    const taken = await guarded(this.client, () =>
      this.client.set(claim, token, {
        condition: 'NX',
        expiration: { type: 'PX', value: CLAIM_MS },
      }),
    );
    if (!taken) return false;
    const renewal = setInterval(
      () => void this.run(scripts.RENEW, [claim], [token, CLAIM_MS]).catch(() => undefined),
      CLAIM_MS / 3,
    );
    this.claims.set(claim, { token, renewal });
    return true;
  }

  async releaseIdempotencyKey(sandboxId: string, key: string) {
    const claim = sandboxKeys(sandboxId).claim(key);
    const held = this.claims.get(claim);
    if (held === undefined) return;
    clearInterval(held.renewal);
    this.claims.delete(claim);
    await this.run(scripts.RELEASE, [claim], [held.token]);
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
    const due = (await this.write(sandboxId, scripts.TAKE_DUE, [0, now])) as string[];
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
    const all = await guarded(this.client, () => this.client.lRange(deliveries, 0, -1));
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
    const [held, all] = await guarded(this.client, () =>
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
    const all = await guarded(this.client, () => this.client.lRange(log!, 0, -1));
    return all.map((json) => parse<RequestLogEntry>(json));
  }

  /** Closes the connection its inbox watch opened; the client it was given stays open. */
  close(): Promise<void> {
    return this.inbox.close();
  }

  private dataKeys(sandboxId: string, ...more: string[]) {
    return [...sandboxKeys(sandboxId).data, ...more];
  }

  /**
   * A write script on the sandbox's data keys, after the copies of the atomic sections it runs
   * in are taken; checked against the lease of the task that makes it, if it holds one.
   */
  private async write(sandboxId: string, script: string, args: (string | number)[]) {
    const held = this.held.getStore();
    const own = held?.sandboxId === sandboxId ? held : undefined;
    for (const section of own?.sections ?? []) await section.begin();
    const { lock } = sandboxKeys(sandboxId);
    return this.run(
      script,
      [...sandboxKeys(sandboxId).data, lock],
      [...args, own?.leaseToken ?? ''],
    );
  }

  /** Runs a script by its hash, sending its text only the first time Redis has not seen it. */
  private run(script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    const hash = hashOf(script);
    const options = { keys, arguments: args.map(String) };
    return guarded(this.client, async () => {
      try {
        return await this.client.evalSha(hash, options);
      } catch (caught) {
        if (!(caught instanceof ErrorReply) || !caught.message.startsWith('NOSCRIPT')) throw caught;
        return this.client.eval(script, options);
      }
    });
  }
}
