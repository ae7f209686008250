import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { source } from '@/lib/source';
import { checkRoles, loadDocument, resolve, type Response } from '@/lib/openapi/document';
import { accessOf } from '@/lib/openapi/operation-access';
import { allOperations } from '@/lib/openapi/operations';
import { viewOf } from '@/lib/openapi/schema';
import { RESTRICTED_KEY_PAIRS } from '@/lib/sandbox/keys';

const document = loadDocument();
const enumOf = (name: string) =>
  viewOf(document, { $ref: `#/components/schemas/${name}` }).values!.map((entry) => entry.value);
const refs = (parameters: unknown[] = []) =>
  parameters.map((parameter) => (parameter as { $ref?: string }).$ref);
const where = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe('the rules every operation of the document follows', () => {
  it('declares in x-roles who may call every operation, and the 403 of those not every role may', () => {
    const roles = enumOf('ApiKeyRole');
    expect(checkRoles(document)).toBeUndefined();
    for (const { method, path, operation } of allOperations(document)) {
      const access = accessOf(document, operation);
      for (const role of access.roles) expect(roles, where(method, path)).toContain(role);
      if (method === 'get' && !path.startsWith('/v1/api_keys')) {
        expect(access.anyRole, `${where(method, path)}: every role can read`).toBe(true);
      }
      const restricted = !access.anyRole || access.fields.length > 0;
      expect(Object.keys(operation.responses).includes('403'), where(method, path)).toBe(
        restricted,
      );
    }
  });

  it('states roles only in x-roles, never in an operation’s prose', () => {
    for (const { method, path, operation } of allOperations(document)) {
      const description = operation.description!.replace(/\s+/g, ' ');
      expect(description, where(method, path)).not.toMatch(/Needs a key pair with|Any role can/);
    }
  });

  it('gives the sandbox one restricted key pair per documented role', () => {
    expect(RESTRICTED_KEY_PAIRS.map((pair) => pair.role)).toEqual(enumOf('ApiKeyRole'));
  });

  it('requires an Idempotency-Key on every POST except the token request', () => {
    for (const { method, path, operation } of allOperations(document)) {
      if (method !== 'post' || operation.operationId === 'createAccessToken') continue;
      expect(refs(operation.parameters), where(method, path)).toContain(
        '#/components/parameters/IdempotencyKey',
      );
    }
  });

  it('gives every list of created objects a time window', () => {
    for (const { method, path, operation } of allOperations(document)) {
      const parameters = refs(operation.parameters);
      if (!parameters.includes('#/components/parameters/Limit')) continue;
      const list = resolve<Response>(document, operation.responses['200']!);
      const view = viewOf(document, list.content!['application/json']!.schema!);
      if (!view.properties.data?.items?.properties.created_at) continue;
      expect(parameters, where(method, path)).toEqual(
        expect.arrayContaining([
          '#/components/parameters/CreatedAfter',
          '#/components/parameters/CreatedBefore',
        ]),
      );
    }
  });

  it('declares the request id, version and rate limit headers on every response, and 5XX', () => {
    const expected = [
      'Kestrel-Request-Id',
      'Kestrel-Version',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ];
    for (const { method, path, operation } of allOperations(document)) {
      expect(Object.keys(operation.responses), where(method, path)).toContain('5XX');
      for (const [status, reference] of Object.entries(operation.responses)) {
        const response = resolve<Response & { headers?: object }>(document, reference);
        expect(Object.keys(response.headers ?? {}), `${where(method, path)} ${status}`).toEqual(
          expect.arrayContaining(expected),
        );
      }
    }
  });

  it('signs webhook deliveries instead of sending a bearer token', () => {
    for (const [type, item] of Object.entries(document.webhooks)) {
      expect(item.post?.security, type).toEqual([]);
    }
  });
});

describe('versions', () => {
  const versions = enumOf('ApiVersion');

  it('marks every addition with a later version that the changelog describes, newest first', async () => {
    const marks = new Set<string>();
    const visit = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const mark = (node as Record<string, unknown>)['x-added-in'];
      if (mark !== undefined) marks.add(String(mark));
      Object.values(node).forEach(visit);
    };
    visit(document);
    expect(marks.size).toBeGreaterThan(0);
    for (const mark of marks) expect(versions.slice(1), mark).toContain(mark);
    expect(document.info.version).toBe(versions.at(-1));
    const changelog = await readFile('content/docs/changelog.mdx', 'utf8');
    const headings = [...changelog.matchAll(/^## (\d{4}-\d{2}-\d{2})$/gm)].map(([, date]) => date);
    expect(headings).toEqual([...versions].reverse());
  });
});

describe('JSON samples in pages and guides', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  const id = 'https://openapi.local/document';
  ajv.addSchema({ ...document, $id: id }, undefined, undefined, false);
  const schemaOfObject = new Map<string, string>();
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const kind = schema.properties?.object?.const;
    const key = `${String(kind)}${name.endsWith('Deleted') ? ':deleted' : ''}`;
    if (typeof kind === 'string' && !schemaOfObject.has(key)) {
      schemaOfObject.set(key, `${id}#/components/schemas/${name}`);
    }
  }

  /** The schema a sample must match: its object's, or for an event, its event type's. */
  function schemaOf(value: Record<string, unknown>): string | undefined {
    if (value.object === 'event') {
      const type = String(value.type);
      if (!document.webhooks[type]?.post?.requestBody) return undefined;
      return `${id}#/webhooks/${type}/post/requestBody/content/application~1json/schema`;
    }
    return schemaOfObject.get(`${String(value.object)}${value.deleted === true ? ':deleted' : ''}`);
  }

  it('match the schema of the object they show', async () => {
    const violations: string[] = [];
    let checked = 0;
    for (const page of await source.pages()) {
      const json: string[] = [];
      visit((await source.content(page.route))!.tree, 'code', (node: Code) => {
        if (node.lang === 'json') json.push(node.value);
      });
      const route = page.route;
      for (const text of json) {
        const value = JSON.parse(text) as Record<string, unknown>;
        const samples =
          value.object === 'list' ? (value.data as Record<string, unknown>[]) : [value];
        for (const sample of samples) {
          const schema = schemaOf(sample);
          if (!schema) continue;
          checked += 1;
          const validate = ajv.getSchema(schema) ?? ajv.compile({ $ref: schema });
          if (!validate(sample)) violations.push(`${route}: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(violations).toEqual([]);
    expect(checked).toBeGreaterThan(5);
  });
});
