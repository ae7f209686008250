// How webhook deliveries are made, read from the document's root `x-webhook-delivery`: the
// Webhooks page renders it and the sandbox retries by it, so the two cannot drift apart.
import { z } from 'zod';
import type { ApiDocument } from './document';

const Cidr = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/, 'an IPv4 range such as 3.9.112.64/28');

const WebhookDeliverySchema = z
  .object({
    /** How long a handler has to answer a delivery with a 2xx. */
    timeout_seconds: z.number().int().positive(),
    /** The wait before each retry of a failed delivery, the first retry first. */
    retry_after_seconds: z.array(z.number().int().positive()).min(1),
    /** After how many days of failures, through each delivery's last retry, an endpoint is disabled. */
    disabled_after_failing_days: z.number().int().positive(),
    /** How old a signature's `t` may be when it is checked. */
    signature_tolerance_seconds: z.number().int().positive(),
    /** The addresses deliveries come from, by environment. */
    source_ips: z
      .object({ production: z.array(Cidr).min(1), sandbox: z.array(Cidr).min(1) })
      .strict(),
  })
  .strict();

export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** The document's delivery policy, or an error naming what to fix. */
export function webhookDelivery(document: ApiDocument): WebhookDelivery {
  const raw = (document as ApiDocument & { 'x-webhook-delivery'?: unknown })['x-webhook-delivery'];
  const parsed = WebhookDeliverySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new Error(
    `openapi/openapi.yaml: x-webhook-delivery/${issue?.path.join('/') ?? ''}: ${issue?.message}. See lib/openapi/webhook-delivery.ts.`,
  );
}

/** When each attempt of a delivery is made, in seconds after the first, the first at 0. */
export function attemptOffsets(delivery: WebhookDelivery): number[] {
  let total = 0;
  return [0, ...delivery.retry_after_seconds.map((seconds) => (total += seconds))];
}
