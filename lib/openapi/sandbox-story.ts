// The story every sandbox starts from, as the document tells it in `x-sandbox-story`: documented
// requests and waits, run through the sandbox itself, so the objects a sandbox starts with follow
// the same rules and clock as the ones a reader makes.
import { z } from 'zod';
import type { ApiDocument } from './document';

/** A wait of the story's clock: `PT5M`, `PT2H`, `P3D`. */
const Wait = z
  .string()
  .regex(/^P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$/, 'an ISO 8601 duration such as PT5M');

/** The IDs of what a step makes, by kind, in the order it makes them. */
const Ids = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const Call = z
  .object({
    /** The operation's `operationId`. */
    call: z.string(),
    path: z.record(z.string(), z.string()).optional(),
    body: z.record(z.string(), z.unknown()).optional(),
    ids: Ids.optional(),
  })
  .strict();

const Pause = z.object({ wait: Wait, ids: Ids.optional() }).strict();

/** Cards saved in every sandbox for tests, found by ID and never listed (the Testing page's). */
const TestCards = z
  .object({
    customer: z.string(),
    card: z.object({
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number().int(),
      exp_year: z.number().int(),
      funding: z.string(),
      country: z.string(),
    }),
    ids: z.array(z.string()).min(1),
  })
  .strict();

export const SandboxStorySchema = z
  .object({
    /** The story in words, as the Testing page tells it. */
    description: z.string(),
    /** When the story's clock starts; the sandbox's own time is when it ends. */
    start: z.iso.datetime(),
    /** The account every sandbox belongs to: your organisation and the currencies it uses. */
    account: z.object({
      organisation: z.record(z.string(), z.unknown()),
      currencies: z.array(z.record(z.string(), z.unknown())).min(1),
      /**
       * What the account's systems already hold that no request of the story makes: settled
       * transactions and their ledger entries, audit events, the bank's accounts; by kind.
       */
      records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
      /** What the balance holds as the story starts, per currency and part. */
      balance: z.object({
        available: z.array(z.object({ amount: z.number().int(), currency: z.string() })),
        pending: z.array(z.object({ amount: z.number().int(), currency: z.string() })),
        reserved: z.array(z.object({ amount: z.number().int(), currency: z.string() })),
      }),
    }),
    test_cards: TestCards,
    steps: z.array(z.union([Call, Pause])).min(1),
  })
  .strict();

export type SandboxStory = z.infer<typeof SandboxStorySchema>;
export type StoryStep = SandboxStory['steps'][number];

/** The story of the document, checked, with a message that says where it is wrong. */
export function sandboxStory(document: ApiDocument): SandboxStory {
  const result = SandboxStorySchema.safeParse(
    (document as { 'x-sandbox-story'?: unknown })['x-sandbox-story'],
  );
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new Error(
    `openapi/openapi.yaml: #/x-sandbox-story/${issue?.path.join('/') ?? ''}: ${issue?.message}. See lib/openapi/sandbox-story.ts.`,
  );
}

const UNITS: Record<string, number> = { D: 86_400_000, H: 3_600_000, M: 60_000, S: 1000 };

/** A wait's length in milliseconds. */
export function waitMs(wait: string): number {
  let total = 0;
  const [days = '', time = ''] = wait.slice(1).split('T');
  for (const [, amount, unit] of days.matchAll(/(\d+)(D)/g))
    total += Number(amount) * UNITS[unit!]!;
  for (const [, amount, unit] of time.matchAll(/(\d+)([HMS])/g))
    total += Number(amount) * UNITS[unit!]!;
  return total;
}
