import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { atPointer, escapePointer } from './pointer';

export type ExampleViolation = { location: string; errors: string[] };

const DOCUMENT_ID = 'https://openapi.local/document';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Follows `$ref`s of a parameter, request body or response until the object itself. */
function follow(document: unknown, node: unknown, pointer: string): [Node, string] {
  let current = node;
  let at = pointer;
  while (isNode(current) && typeof current.$ref === 'string') {
    at = current.$ref;
    current = atPointer(document, current.$ref);
  }
  if (!isNode(current)) throw new Error(`${pointer} is not an object.`);
  return [current, at];
}

/** Every example of the document paired with the JSON pointer of the schema it must match. */
function* examplesOf(
  document: Node,
): Generator<{ location: string; schema: string; value: unknown }> {
  function* ofContent(content: unknown, pointer: string) {
    if (!isNode(content)) return;
    for (const [type, media] of Object.entries(content)) {
      if (!isNode(media)) continue;
      const at = `${pointer}/content/${escapePointer(type)}`;
      if ('example' in media)
        yield { location: `${at}/example`, schema: `${at}/schema`, value: media.example };
      for (const [name, example] of Object.entries(isNode(media.examples) ? media.examples : {})) {
        const [resolved, resolvedAt] = follow(document, example, `${at}/examples/${name}`);
        yield { location: resolvedAt, schema: `${at}/schema`, value: resolved.value };
      }
    }
  }
  function* ofParameters(parameters: unknown, pointer: string) {
    if (!Array.isArray(parameters)) return;
    for (const [index, parameter] of parameters.entries()) {
      const [resolved, at] = follow(document, parameter, `${pointer}/parameters/${index}`);
      if ('example' in resolved)
        yield { location: `${at}/example`, schema: `${at}/schema`, value: resolved.example };
    }
  }
  function* ofPathItems(items: unknown, base: string) {
    if (!isNode(items)) return;
    for (const [key, item] of Object.entries(items)) {
      if (!isNode(item)) continue;
      const itemAt = `${base}/${escapePointer(key)}`;
      yield* ofParameters(item.parameters, itemAt);
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isNode(operation)) continue;
        const at = `${itemAt}/${method}`;
        yield* ofParameters(operation.parameters, at);
        if (operation.requestBody) {
          const [body, bodyAt] = follow(document, operation.requestBody, `${at}/requestBody`);
          yield* ofContent(body.content, bodyAt);
        }
        for (const [status, response] of Object.entries(
          isNode(operation.responses) ? operation.responses : {},
        )) {
          const [resolved, responseAt] = follow(document, response, `${at}/responses/${status}`);
          yield* ofContent(resolved.content, responseAt);
        }
      }
    }
  }
  yield* ofPathItems(document.paths, '#/paths');
  yield* ofPathItems(document.webhooks, '#/webhooks');
}

/** Validates every request, response and parameter example against its schema. */
export function exampleViolations(document: Node): ExampleViolation[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID }, undefined, undefined, false);
  const seen = new Set<string>();
  const violations: ExampleViolation[] = [];
  for (const { location, schema, value } of examplesOf(document)) {
    if (seen.has(location)) continue;
    seen.add(location);
    const validate = ajv.compile({ $ref: `${DOCUMENT_ID}${schema}` });
    if (validate(value)) continue;
    violations.push({
      location,
      errors: (validate.errors ?? []).map(
        (error) => `${error.instancePath || '(root)'} ${error.message}`,
      ),
    });
  }
  return violations;
}
