import type { SandboxOperation, OperationShape } from './operations';

export type SandboxObject = Record<string, unknown> & { object: string };

/** The sample objects every sandbox starts with, by kind and key, shared and never changed. */
export type Seeds = ReadonlyMap<string, ReadonlyMap<string, SandboxObject>>;

// The state a fresh sandbox holds an example object in: as retrieved, the way the story of the
// docs left it (a supplier verified, a customer with a default card). An object of a kind with
// actions starts as created instead, so the documented actions on it (pay a link, attempt an
// instalment) can follow.
const AS_RETRIEVED: OperationShape[] = [
  'retrieve',
  'list',
  'update',
  'create',
  'singleton',
  'action',
];
const AS_CREATED: OperationShape[] = [
  'create',
  'retrieve',
  'list',
  'update',
  'singleton',
  'action',
];

const isObject = (value: unknown): value is SandboxObject =>
  !!value && typeof value === 'object' && typeof (value as SandboxObject).object === 'string';

function examplesOf(operation: SandboxOperation): SandboxObject[] {
  const example = operation.example as Record<string, unknown> | undefined;
  if (operation.shape === 'list')
    return (Array.isArray(example?.data) ? example.data : []).filter(isObject);
  return isObject(example) ? [example] : [];
}

/** The field an object of a kind is found by: `id`, or the parameter its retrieve uses (a currency's `code`). */
export function keyFields(operations: SandboxOperation[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const operation of operations) {
    if (operation.shape !== 'retrieve' || !operation.kind || !operation.idParam) continue;
    const [example] = examplesOf(operation);
    fields.set(operation.kind, example && operation.idParam in example ? operation.idParam : 'id');
  }
  return fields;
}

/**
 * Every documented example object, each in the state it starts its story in, deep-frozen: as
 * created when its actions can start from there (a consent waiting for the holder's answer),
 * else as retrieved (a charge, whose create example has already succeeded).
 */
export function seedsOf(
  operations: SandboxOperation[],
  keys: Map<string, string>,
  actsFrom: (kind: string, status: unknown) => boolean,
): Seeds {
  const statusAfter = (shape: OperationShape) =>
    new Map(
      operations
        .filter((operation) => operation.shape === shape)
        .flatMap(examplesOf)
        .map((example) => [example.object, example.status]),
    );
  const [createdStatus, retrievedStatus] = [statusAfter('create'), statusAfter('retrieve')];
  // As created only when that is another status: a create's answer may show what a retrieve
  // never does, such as a webhook endpoint's secret.
  const acted = new Set(
    operations
      .filter((operation) => operation.shape === 'action')
      .map(({ kind }) => kind)
      .filter(
        (kind) =>
          !kind ||
          (actsFrom(kind, createdStatus.get(kind)) &&
            createdStatus.get(kind) !== retrievedStatus.get(kind)),
      ),
  );
  const seeds = new Map<string, Map<string, SandboxObject>>();
  const rank = (example: SandboxObject, shape: OperationShape) =>
    (acted.has(example.object) ? AS_CREATED : AS_RETRIEVED).indexOf(shape);
  const candidates = operations.flatMap((operation) =>
    examplesOf(operation).map((example) => ({ example, rank: rank(example, operation.shape) })),
  );
  // A deletion's answer is not the object (its rank is -1).
  const ranked = candidates.filter(({ rank }) => rank >= 0).sort((a, b) => a.rank - b.rank);
  for (const { example } of ranked) {
    const key = example[keys.get(example.object) ?? 'id'];
    if (typeof key !== 'string') continue;
    const ofKind = seeds.get(example.object) ?? new Map<string, SandboxObject>();
    seeds.set(example.object, ofKind);
    if (!ofKind.has(key)) ofKind.set(key, deepFreeze(structuredClone(example)));
  }
  return seeds;
}

/** Adds a copy of a seed under other keys, such as the test cards that scenarios name. */
export function withCopies(seeds: Seeds, kind: string, keyField: string, keys: string[]): Seeds {
  const ofKind = new Map(seeds.get(kind) ?? []);
  const [template] = ofKind.values();
  if (!template) return seeds;
  for (const key of keys) {
    if (!ofKind.has(key))
      ofKind.set(key, deepFreeze({ ...structuredClone(template), [keyField]: key }));
  }
  return new Map([...seeds, [kind, ofKind]]);
}

/**
 * The IDs that examples name without documenting the object itself (a booking only a request
 * example mentions), so every documented request finds what it refers to.
 */
export function referencedIds(
  values: unknown[],
  known: (id: string) => string | undefined,
): Map<string, string[]> {
  const byKind = new Map<string, string[]>();
  // A value is an ID itself (a scenario's test card), or an object whose fields may be IDs.
  const candidates = values.flatMap((value) =>
    value && typeof value === 'object' ? Object.values(value) : [value],
  );
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || !/^[a-z]+_[A-Za-z0-9_]+$/.test(candidate)) continue;
    const kind = known(candidate);
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), candidate]);
  }
  return byKind;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
