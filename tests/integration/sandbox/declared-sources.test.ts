// No example value can reach an object: a sandbox given the document with every example taken
// out starts from the same story and makes one of every kind from a minimal request, each
// property from its declared source (x-source): the request or its stated default, the constant,
// a fresh ID and time, and what the object's machine derives.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, resolve, type ApiDocument, type Schema } from '@/lib/openapi/document';
import { objectSchemas } from '@/lib/openapi/property-sources';
import { exampleRequests, responseValidator } from '../../support/sandbox-contract';
import { startSandboxServer } from '../../support/sandbox-server';

const document = loadDocument();
const validResponse = responseValidator(document);

/** The document with no example anywhere: what the sandbox may not need. */
function withoutExamples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutExamples);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'example' && key !== 'examples')
      .map(([key, child]) => [key, withoutExamples(child)]),
  );
}

let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer({ document: withoutExamples(document) as ApiDocument });
});
afterAll(() => server.close());

type Create = { kind: string; schema: Schema; path: string; operationId: string; body: Schema };

/** Every kind a request creates, with its collection and request schema. */
function creates(): Create[] {
  return objectSchemas(document).flatMap(({ name, kind, schema }) =>
    Object.entries(document.paths).flatMap(([path, item]) => {
      const post = item.post;
      const created = post?.responses['201'];
      const returned = created
        ? resolve(document, created).content?.['application/json']
        : undefined;
      if (
        !post ||
        path.includes('{') ||
        returned?.schema?.$ref !== `#/components/schemas/${name}`
      ) {
        return [];
      }
      const body = resolve(document, post.requestBody!).content['application/json']!;
      return [
        {
          kind,
          schema,
          path,
          operationId: post.operationId,
          body: resolve(document, body.schema!),
        },
      ];
    }),
  );
}

/** The documented request body of a create operation, as sent today. */
function exampleOf(operationId: string): Record<string, unknown> {
  return exampleRequests(document).find((request) => request.operationId === operationId)!
    .body as Record<string, unknown>;
}

/** The documented request with only the fields it must have: what no default fills in. */
function minimalRequest({ body, operationId }: Create): Record<string, unknown> {
  const example = exampleOf(operationId);
  const minimal = Object.fromEntries((body.required ?? []).map((field) => [field, example[field]]));
  // One of two fields that each stand in for the other, as the example chose.
  for (const [field, schema] of Object.entries(body.properties ?? {})) {
    for (const rule of schema['x-rules'] ?? []) {
      if (rule.kind !== 'required-without' || rule.field in minimal || field in minimal) continue;
      if (field in example) minimal[field] = example[field];
    }
  }
  return minimal;
}

/**
 * Creates from the minimal request, adding from the example each field the sandbox asks for
 * because of another field's value, such as the sort code of a GBP bank account.
 */
async function createMinimal(token: string, create: Create) {
  const sent = minimalRequest(create);
  const example = exampleOf(create.operationId);
  for (;;) {
    const answer = await server.call('POST', create.path, {
      token,
      body: sent,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const error = answer.body.error as { code: string; param: string } | undefined;
    const missing = error?.code === 'parameter_missing' ? error.param : undefined;
    if (!missing || missing in sent || !(missing in example)) return { sent, answer };
    sent[missing] = example[missing];
  }
}

const typesOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** What a property nobody sent holds: its stated default, else null, or an empty object or list. */
function emptyOf(property: Schema, field: Schema | undefined): unknown {
  if (field?.default !== undefined) return field.default;
  const resolved = resolve(document, property);
  const types = [...typesOf(resolved), ...typesOf(property)];
  const choices = [...(resolved.oneOf ?? []), ...(property.oneOf ?? [])];
  if (types.includes('null') || choices.some((choice) => choice.type === 'null')) return null;
  if (types.includes('object')) return {};
  if (types.includes('array')) return [];
  return undefined;
}

describe('a sandbox that reads no example', () => {
  it.each(creates().map((create) => [create.kind, create] as const))(
    'makes a %s from a minimal request, each property from its declared source',
    async (_, create) => {
      const token = await server.token();
      const before = Date.now();
      const { sent, answer } = await createMinimal(token, create);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(validResponse(create.operationId, 201, answer.body)).toEqual([]);
      const object = answer.body as Record<string, unknown>;
      for (const [name, property] of Object.entries(create.schema.properties!)) {
        const value = object[name];
        switch (property['x-source']) {
          case 'constant':
            expect(value, name).toBe(property.const);
            break;
          case 'request':
            if (name in sent) expect(value, name).toEqual(sent[name]);
            else if (property.$ref !== '#/components/schemas/Timestamp')
              expect(value, name).toEqual(emptyOf(property, create.body.properties?.[name]));
            break;
          case 'generated':
            if (name === 'created_at') {
              expect(Date.parse(String(value)), name).toBeGreaterThanOrEqual(before - 1000);
            } else expect(typeof value === 'string' || value === null, name).toBe(true);
            // "Unique identifier, starting `ch_`": the prefix the description promises.
            const prefix = /starting `([a-z_]+)`/.exec(property.description ?? '')?.[1];
            if (prefix) expect(String(value), name).toMatch(new RegExp(`^${prefix}`));
            break;
          default:
            expect(value, `${name}, ${property['x-source']}`).not.toBeUndefined();
        }
      }
    },
  );

  it('covers every kind a request creates', () => {
    expect(creates().length).toBeGreaterThanOrEqual(18);
  });

  it('gives every object of its story the ID prefix its schema promises', async () => {
    const token = await server.token();
    const prefixes = new Map(
      objectSchemas(document).flatMap(({ kind, schema }) => {
        const prefix = /starting `([a-z_]+)`/.exec(schema.properties?.id?.description ?? '')?.[1];
        return prefix ? [[kind, prefix] as const] : [];
      }),
    );
    const lists = Object.keys(document.paths).filter(
      (path) => !path.includes('{') && document.paths[path]!.get?.operationId.startsWith('list'),
    );
    const seen = new Set<string>();
    for (const path of lists) {
      const answer = await server.call('GET', path, { token });
      for (const object of (answer.body.data ?? []) as { id: string; object: string }[]) {
        const prefix = prefixes.get(object.object);
        if (!prefix) continue;
        expect(object.id, object.object).toMatch(new RegExp(`^${prefix}`));
        seen.add(object.object);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(20);
  });
});
