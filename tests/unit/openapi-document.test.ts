import { describe, expect, it } from 'vitest';
import { toMarkdown } from '@/lib/mdx/markdown';
import { apiCallsIn, matchesTemplate, sdkCallsIn } from '@/lib/openapi/calls';
import { loadDocument } from '@/lib/openapi/document';
import { exampleViolations } from '@/lib/openapi/examples';
import { allOperations, endpointsOf, errorCatalogue } from '@/lib/openapi/operations';
import { source } from '@/lib/source';

const document = loadDocument();

/** SDK helpers that are not API calls. */
const SDK_HELPERS = new Set(['webhooks.constructEvent']);

describe('the OpenAPI document', () => {
  it('has a page for every tag, and every resource page shows a tag with operations', async () => {
    const links = await source.links();
    for (const tag of document.tags) expect(links.tagPage(tag.name), tag.name).toBeDefined();
    const resources = (await source.pages()).filter((page) => page.kind === 'resource');
    expect(resources.length).toBeGreaterThan(20);
    for (const page of resources) {
      const name = page.route.replace('/resources/', '');
      expect(links.tagPage(name), page.route).toBe(page.route);
      expect(endpointsOf(document, name).length, name).toBeGreaterThan(0);
    }
  });

  it('validates every request, response and parameter example against its schema', () => {
    expect(exampleViolations(document)).toEqual([]);
  });

  it('describes every operation and gives it examples and a unique SDK method', () => {
    const sdkMethods = new Set<string>();
    for (const { method, path, operation } of allOperations(document)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      expect(operation.description?.length ?? 0, where).toBeGreaterThan(40);
      expect(operation['x-sdk-method'], where).toMatch(/^\w+\.\w+$/);
      expect(sdkMethods.has(operation['x-sdk-method']!), where).toBe(false);
      sdkMethods.add(operation['x-sdk-method']!);
      const [endpoint] = endpointsOf(document, operation.tags![0]!, {
        [path]: { [method]: operation },
      });
      if (operation.requestBody) expect(endpoint!.requestExample, where).toBeDefined();
      if (endpoint!.response.status !== '204')
        expect(endpoint!.response.example, where).toBeDefined();
    }
  });

  it('gives each error code the HTTP status of its type', () => {
    const statusOfType: Record<string, number[]> = {
      invalid_request_error: [400, 408],
      authentication_error: [401],
      permission_error: [403],
      not_found_error: [404],
      conflict_error: [409],
      rate_limit_error: [429],
      api_error: [500, 502, 503],
    };
    const codes = errorCatalogue(document);
    expect(new Set(codes.map((entry) => entry.code)).size).toBe(codes.length);
    for (const entry of codes) expect(statusOfType[entry.type], entry.code).toContain(entry.status);
  });
});

describe('code samples and prose', () => {
  /** Every page and guide as rendered (generated reference included), as Markdown. */
  async function bodies() {
    return Promise.all(
      (await source.pages()).map(async (page) => {
        const content = await source.content(page.route);
        const markdown = toMarkdown(content!.tree, {
          file: page.route,
          pageUrl: 'https://x.test/',
        });
        return [page.route, markdown] as const;
      }),
    );
  }

  it('only call paths and methods that exist in the document', async () => {
    const operations = allOperations(document);
    const unknown: string[] = [];
    let checked = 0;
    for (const [route, body] of await bodies()) {
      for (const call of apiCallsIn(body)) {
        checked += 1;
        const found = operations.some(
          (operation) =>
            operation.method === call.method && matchesTemplate(call.path, operation.path),
        );
        if (!found) unknown.push(`${route}: ${call.method.toUpperCase()} ${call.path}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('only call SDK methods that exist in the document', async () => {
    const methods = new Set(
      allOperations(document).map(({ operation }) => operation['x-sdk-method']),
    );
    const unknown: string[] = [];
    for (const [route, body] of await bodies()) {
      for (const call of sdkCallsIn(body)) {
        if (!methods.has(call.method) && !SDK_HELPERS.has(call.method))
          unknown.push(`${route}: ${call.text}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
