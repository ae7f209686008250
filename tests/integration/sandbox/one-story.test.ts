// One story for the example data: an object the document's examples or the pages' JSON show
// under an ID is the sandbox story's object of that ID, with the same amount, customer, booking,
// card and other facts it was made with. What its lifecycle changes (its status, dates, the charge
// that paid it) may differ, and so may what the update an example answers has just changed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { buildModel, type SandboxObject } from '@/lib/sandbox/model';
import { runStory, type StoryOutcome } from '@/lib/sandbox/story';
import { createValidator } from '@/lib/sandbox/validation';

const document = loadDocument();
const model = buildModel(document);
let story: StoryOutcome;

beforeAll(async () => {
  story = await runStory(model, createValidator(document));
});

/** The facts of an object that stay as they were made. */
const FACTS = [
  'amount',
  'currency',
  'total_amount',
  'reference',
  'customer_id',
  'booking_id',
  'charge_id',
  'tokenised_card_id',
  'supplier_id',
  'beneficiary_id',
  'booking_component_id',
  'consent_id',
  'account_id',
  'source_id',
  'brand',
  'last4',
  'reason',
  'name',
  'email',
  'sell_currency',
  'buy_currency',
  'departure_date',
  'return_date',
  'due_date',
  'cost_amount',
  'gross_amount',
  'fee_amount',
  'net_amount',
  'balance_type',
  'card_brand',
  'acquirer_reference',
  'payout_id',
] as const;

type Shown = { where: string; object: SandboxObject; changed?: Set<string> };

/** Every object with an `object` and a key in a JSON value, nested ones included. */
function objectsIn(value: unknown, where: string, found: Shown[] = [], changed?: Set<string>) {
  if (Array.isArray(value)) value.forEach((item) => objectsIn(item, where, found, changed));
  else if (value && typeof value === 'object') {
    const object = value as SandboxObject;
    if (typeof object.object === 'string' && object.object !== 'list') {
      found.push({ where, object, changed });
    }
    for (const child of Object.values(object)) objectsIn(child, where, found, changed);
  }
  return found;
}

/** The fields an update operation's request example changes, which its answer shows changed. */
function updatedFields(operation: unknown): Set<string> | undefined {
  const body = (operation as { requestBody?: { content?: Record<string, { example?: object }> } })
    .requestBody?.content?.['application/json']?.example;
  return body ? new Set(Object.keys(body)) : undefined;
}

/**
 * Whether an operation changes the object its answer shows by the fields of its request: an
 * update, or an action on one object such as raising a hold by an `amount`.
 */
const changes = (method: string, pointer: string) =>
  method === 'patch' || (method === 'post' && /\{[^}]+\}\/\w+$/.test(pointer));

/** The document's examples: responses, webhooks and request bodies, by JSON pointer. */
function documentExamples(
  node: unknown,
  pointer = '#',
  found: Shown[] = [],
  changed?: Set<string>,
): Shown[] {
  if (!node || typeof node !== 'object') return found;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'x-sandbox-story') continue;
    const at = `${pointer}/${key}`;
    if (key === 'example') objectsIn(child, `openapi.yaml ${at}`, found, changed);
    else documentExamples(child, at, found, changes(key, pointer) ? updatedFields(child) : changed);
  }
  return found;
}

/** The JSON code blocks of the pages, parsed where they are whole JSON. */
function pageExamples(): Shown[] {
  const found: Shown[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.mdx')) {
        for (const [, code] of readFileSync(file, 'utf8').matchAll(
          /```json[^\n]*\n([\s\S]*?)```/g,
        )) {
          try {
            objectsIn(JSON.parse(code!), path.relative(process.cwd(), file), found);
          } catch {
            // Not a whole JSON value (an excerpt): no object to hold to the story.
          }
        }
      }
    }
  };
  walk(path.join(process.cwd(), 'content'));
  return found;
}

/** Whether a field is one the object's lifecycle sets, rather than one it was made with. */
const fromLifecycle = (kind: string, field: string) =>
  model.views.get(kind)?.properties[field]?.source === 'lifecycle';

const keyOf = (object: SandboxObject) => String(object[model.keys.get(object.object) ?? 'id']);

/** The facts one object says and another, told of the same ID, says otherwise. */
function differences({ where, object, changed }: Shown, told: SandboxObject, whose: string) {
  return FACTS.filter(
    (fact) =>
      fact in object &&
      fact in told &&
      !changed?.has(fact) &&
      !fromLifecycle(object.object, fact) &&
      JSON.stringify(object[fact]) !== JSON.stringify(told[fact]),
  ).map(
    (fact) =>
      `${where}: ${object.object} ${keyOf(object)} ${fact} ${JSON.stringify(object[fact])}, ${whose} ${JSON.stringify(told[fact])}`,
  );
}

/** What an example says of a story object that the story does not. */
function disagreements(shown: Shown): string[] {
  const told = story.objects.get(shown.object.object)?.get(keyOf(shown.object));
  return told ? differences(shown, told, "the story's") : [];
}

/** What examples say of an object outside the story that its first example does not. */
function contradictions(shown: Shown[]): string[] {
  const first = new Map<string, Shown>();
  return shown.flatMap((example) => {
    const { object } = example;
    if (story.objects.get(object.object)?.has(keyOf(object))) return [];
    const id = `${object.object} ${keyOf(object)}`;
    const earlier = first.get(id);
    if (!earlier) {
      first.set(id, example);
      return [];
    }
    return differences(example, earlier.object, `${earlier.where} says`);
  });
}

describe('one story for the example data', () => {
  it('tells of every sample object the examples show', () => {
    expect(story.objects.get('booking')?.has('bk_8Jd2kLq')).toBe(true);
    expect(story.objects.get('charge')?.size).toBeGreaterThan(5);
  });

  it("shows each story object in the document's examples with the story's facts", () => {
    const shown = documentExamples(document);
    expect(shown.length).toBeGreaterThan(100);
    expect(shown.flatMap(disagreements)).toEqual([]);
  });

  it("shows each story object in the pages' JSON with the story's facts", () => {
    expect(pageExamples().flatMap(disagreements)).toEqual([]);
  });

  it('shows an object outside the story with the same facts wherever it appears', () => {
    expect(contradictions([...documentExamples(document), ...pageExamples()])).toEqual([]);
  });
});
