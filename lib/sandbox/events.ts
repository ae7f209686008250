import { freshId, type IdMaker } from './ids';
import type { SandboxModel, SandboxObject } from './model';
import { signatureHeader } from './signing';
import { rotateSigningSecret, secretsInForce, signingSecrets } from './signing-secrets';
import type { Delivery, EventRequest, SandboxRecord, SandboxStore } from './store/types';
import { timestamp } from './time';

/** Builds, signs and files webhook events into one sandbox's inbox. */
export class SandboxEvents {
  constructor(
    private readonly model: SandboxModel,
    private readonly store: SandboxStore,
    private readonly sandbox: SandboxRecord,
    private readonly newId: IdMaker,
  ) {}

  /** The secret deliveries are signed with now, and the one before it while it still signs too. */
  signingSecrets(now: number) {
    return signingSecrets(this.store, this.sandbox, now);
  }

  /** Signs from now on with a new secret, the current one beside it for `overlapSeconds`. */
  rotateSigningSecret(now: number, overlapSeconds: number) {
    return rotateSigningSecret(this.store, this.sandbox, now, overlapSeconds);
  }

  /** Whether the document declares an event type, such as `charge.succeeded`. */
  isDocumented(type: string): boolean {
    return this.model.events.has(type);
  }

  /** Refuses an event type the document does not define: sending one is a defect. */
  requireDocumented(type: string): void {
    if (this.isDocumented(type)) return;
    throw new Error(
      `The sandbox sends ${type}, which the webhooks of openapi/openapi.yaml do not define. Document the event there with its example, or stop sending it.`,
    );
  }

  /** Emits a documented event about an object, naming the request it follows from, signed. */
  async emit(
    type: string,
    object: SandboxObject,
    now: number,
    request: EventRequest | null,
  ): Promise<void> {
    this.requireDocumented(type);
    const event = {
      id: this.newId('event'),
      object: 'event',
      type,
      api_version: this.model.versions.current,
      created_at: timestamp(now),
      livemode: false,
      request,
      data: { object },
    };
    await this.deliver(JSON.stringify(event), event.id, type, now);
  }

  /** Sends an event of the inbox again: with its own ID, or as a new event with a fresh one. */
  async resend(eventId: string, freshEventId: boolean, now: number): Promise<Delivery | undefined> {
    const original = (await this.store.deliveries(this.sandbox.id)).find(
      (delivery) => delivery.event_id === eventId,
    );
    if (!original) return undefined;
    return this.deliverAgain(JSON.parse(original.body) as SandboxObject, freshEventId, now);
  }

  /** Makes the next attempt at an event whose delivery failed: the same event, signed afresh. */
  async retry(eventId: string, attempt: number, now: number): Promise<Delivery | undefined> {
    const failed = (await this.store.deliveries(this.sandbox.id)).find(
      (delivery) => delivery.event_id === eventId,
    );
    if (!failed) return undefined;
    return this.deliver(failed.body, eventId, failed.type, now, attempt);
  }

  /** Delivers an event again, signed afresh: with its own ID, or as a new event with a fresh one. */
  async deliverAgain(event: SandboxObject, freshEventId: boolean, now: number): Promise<Delivery> {
    const id = freshEventId ? this.newId('event') : event.id;
    const copy: SandboxObject = { ...event, id: String(id) };
    return this.deliver(JSON.stringify(copy), String(id), String(copy.type), now);
  }

  private async deliver(body: string, eventId: string, type: string, now: number, attempt = 1) {
    const secrets = await secretsInForce(this.store, this.sandbox, now);
    const delivery: Delivery = {
      id: freshId('whd_'),
      event_id: eventId,
      type,
      delivered_at: timestamp(now),
      headers: {
        'Content-Type': 'application/json',
        'Kestrel-Signature': signatureHeader(secrets, Math.floor(now / 1000), body),
      },
      body,
      attempt,
    };
    await this.store.deliver(this.sandbox.id, delivery);
    return delivery;
  }
}
