// The vocabulary of `x-rules`, the business rules of a request field that JSON Schema cannot say,
// checked with zod when the document is loaded (lib/openapi/document.ts).
import { z } from 'zod';

/** An ISO 8601 duration in whole days or hours: `P30D`, `PT24H`. */
const Duration = z.string().regex(/^P(?:\d+D|T\d+H)$/, 'a duration such as P30D or PT24H');
/** Where a related object is named: a body field such as `booking_id`, or `$path` for the object the path names. */
const Reference = z.string().regex(/^(\$path|[a-z_]+_id)$/, 'a body field ending in _id, or $path');
const references = z.array(Reference).min(1);
/** A sibling field of the request body. */
const Field = z.string().regex(/^[a-z_]+$/, 'a body field');

export const RuleSchema = z.discriminatedUnion('kind', [
  /** A date or date-time after now (a date: from tomorrow, UTC). */
  z.object({ kind: z.literal('future') }).strict(),
  /** A date-time at most this long after the object's creation (now, on create). */
  z.object({ kind: z.literal('within-after-creation'), duration: Duration }).strict(),
  /** Without a value, the date-time this long after creation. */
  z.object({ kind: z.literal('default-after-creation'), duration: Duration }).strict(),
  /** An amount at least the currency's minimum charge, the currency given by a sibling field or the related object. */
  z
    .object({
      kind: z.literal('minimum-charge-amount'),
      minimums: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().int().positive()),
    })
    .strict(),
  /** A number or date at most a field of a related object, less what other objects already take of it. */
  z
    .object({
      kind: z.literal('at-most-related'),
      references,
      field: z.string(),
      code: z.string(),
      /** Objects of this kind and status referencing the same object, whose `amount`s count against the bound. */
      less: z.object({ kind: z.string(), status: z.string() }).strict().optional(),
      /** A field of the related object already taken from the bound, such as a charge's `amount_refunded`. */
      minus: z.string().optional(),
      /** The code answered when nothing is left of the bound, whether or not the field is sent. */
      exhausted: z.string().optional(),
    })
    .strict(),
  /** The currency of the first related object named. */
  z.object({ kind: z.literal('currency-matches'), references }).strict(),
  /** A related object that is not in one of these statuses; refused with `code`. */
  z
    .object({
      kind: z.literal('related-status-not'),
      references,
      statuses: z.array(z.string()).min(1),
      code: z.string(),
    })
    .strict(),
  /** A value after a sibling field's value (or equal to it, when `inclusive`). */
  z
    .object({
      kind: z.literal('after-field'),
      field: z.string(),
      inclusive: z.boolean().optional(),
    })
    .strict(),
  /** A value no other object of the same kind in the sandbox has; refused with `code`. */
  z.object({ kind: z.literal('unique'), code: z.string() }).strict(),
  /** Never sent together with a sibling field: one or the other. */
  z.object({ kind: z.literal('not-with'), field: Field }).strict(),
  /** Sent only together with another field of the body. */
  z.object({ kind: z.literal('only-with'), field: Field }).strict(),
  /** Required when a sibling field is not sent: one of the two. */
  z.object({ kind: z.literal('required-without'), field: Field }).strict(),
  /** The related object's `field` equals the same field of the request (or of the object the path names). */
  z
    .object({
      kind: z.literal('related-field-matches'),
      references,
      field: Field,
      code: z.string(),
      /** Compare with this reference's object's `field` rather than the body's: a card of the booking's customer. */
      of: Field.optional(),
    })
    .strict(),
  /** An array that holds `item` holds `requires` too. */
  z.object({ kind: z.literal('item-requires'), item: z.string(), requires: z.string() }).strict(),
]);

export type Rule = z.infer<typeof RuleSchema>;
export type RuleKind = Rule['kind'];

export const RulesSchema = z.array(RuleSchema).min(1);
