// The shape of `x-lifecycle`, a resource schema's lifecycle as a table, checked with zod when the
// document is loaded (lib/openapi/document.ts); lib/openapi/lifecycles.ts checks its names.
import { z } from 'zod';

const Name = z.string().regex(/^[a-z_]+$/, 'a snake_case name');

/** One row: from which statuses, on what, to which status, sending which events. */
export const LifecycleRowSchema = z
  .object({
    /** The statuses the row starts from; without it, the row creates the object. */
    from: z.array(Name).min(1).optional(),
    /** A request: `create`, `delete`, or an action by the last segment of its path. */
    request: Name.optional(),
    /** A date-time field of the object whose moment passing moves it. */
    time: Name.optional(),
    /** What outside the API moves it, as the docs say it: `the bank confirms`. */
    outside: z.string().min(1).optional(),
    to: Name,
    events: z.array(z.string().regex(/^[a-z_]+\.[a-z_]+$/, 'an event type')).optional(),
    /** The condition that picks this row among others with the same start and trigger. */
    when: z.string().min(1).optional(),
    /** The condition's name, by which the sandbox holds each move to it (lib/sandbox/guards.ts). */
    guard: Name.optional(),
  })
  .strict()
  .refine(
    (row) => [row.request, row.time, row.outside].filter(Boolean).length === 1,
    'one of request, time or outside',
  )
  .refine((row) => (row.when === undefined) === (row.guard === undefined), 'a guard with its when');

export const LifecycleSchema = z
  .object({
    /** The error each request answers from a status no row starts it from: one code, or one per status. */
    refusals: z.record(Name, z.union([Name, z.record(Name, Name)])).optional(),
    /** What can be read under the object only in some statuses, by the path segment after its ID. */
    reads: z
      .record(Name, z.object({ statuses: z.array(Name).min(1), refusal: Name }).strict())
      .optional(),
    rows: z.array(LifecycleRowSchema).min(1),
  })
  .strict();

export type LifecycleRow = z.infer<typeof LifecycleRowSchema>;
export type Lifecycle = z.infer<typeof LifecycleSchema>;
