// Generates, per operation, the browser module that validates a console request exactly as the
// sandbox does: the same openapi-backend schemas and Ajv options, compiled ahead of time to plain
// JavaScript (Ajv's standalone code), since the site's Content-Security-Policy forbids eval.
import 'server-only';
import type Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { resolve, type ApiDocument, type Content } from '@/lib/openapi/document';
import { allOperations } from '@/lib/openapi/operations';
import type { Rule } from '@/lib/openapi/rules';
import { viewOf } from '@/lib/openapi/schema';
import { VALIDATION_OPTIONS } from '@/lib/sandbox/validation';

/** The modules the generated code requires; the browser passes them in (see validators.ts). */
export const VALIDATOR_RUNTIME_MODULES = [
  'ajv/dist/runtime/ucs2length',
  'ajv-formats/dist/formats',
] as const;

type Backend = { api: OpenAPIBackend; made: { context: string; ajv: Ajv }[] };
let backend: Backend | undefined;

function backendOf(document: ApiDocument): Backend {
  if (backend) return backend;
  const made: Backend['made'] = [];
  // The sandbox's options, plus the source Ajv needs to export code.
  const api = new OpenAPIBackend({
    definition: structuredClone(document) as unknown as Document,
    ...VALIDATION_OPTIONS,
    ajvOpts: { ...VALIDATION_OPTIONS.ajvOpts, code: { source: true, lines: false } },
    customizeAjv: (ajv, _, context) => {
      addFormats(ajv);
      made.push({ context: String(context), ajv });
      return ajv;
    },
  });
  void api.init();
  backend = { api, made };
  return backend;
}

/** Wraps one validator's CommonJS code so it runs with the `require` the module is given. */
function wrapped(name: string, code: string): string {
  return `const ${name} = { exports: {} };\n(function (module) {\n${code}\n})(${name});`;
}

/** The rules of an operation's body fields, and whether it creates (rules about creation apply). */
export function bodyRulesOf(document: ApiDocument, operationId: string) {
  const found = allOperations(document).find(
    ({ operation }) => operation.operationId === operationId,
  );
  const body = found?.operation.requestBody
    ? resolve<{ content: Content }>(document, found.operation.requestBody).content[
        'application/json'
      ]
    : undefined;
  const view = body?.schema ? viewOf(document, body.schema) : undefined;
  const rules: [string, Rule][] = Object.entries(view?.properties ?? {}).flatMap(
    ([field, property]) => (property.rules ?? []).map((rule) => [field, rule] as [string, Rule]),
  );
  const creates = found?.method === 'post' && !found.path.includes('{');
  return { rules, creates };
}

/**
 * An ES module whose default export takes a `require` for the Ajv runtime and returns the
 * operation's `params` validator, when it takes a body its `body` validator, and its body's rules.
 */
export function validatorModule(document: ApiDocument, operationId: string): string {
  const { api, made } = backendOf(document);
  const operation = api.router.getOperation(operationId);
  if (!operation) throw new Error(`openapi/openapi.yaml has no operation "${operationId}".`);
  const before = made.length;
  const validators = api.validator.buildRequestValidatorsForOperation(operation) ?? [];
  const ajvOf = (context: string) => made.slice(before).find((m) => m.context === context)!.ajv;
  const params = validators.at(-1)!;
  const body = validators.length > 1 ? validators[0] : undefined;
  const parts = [wrapped('params', standaloneCode(ajvOf('paramsValidator'), params))];
  if (body) parts.push(wrapped('body', standaloneCode(ajvOf('requestBodyValidator'), body)));
  made.splice(before);
  const rules = bodyRulesOf(document, operationId);
  return [
    `// Request validation of ${operationId}, generated from the API document as the sandbox runs it.`,
    'export default function validators(require) {',
    ...parts,
    `return { params: params.exports${body ? ', body: body.exports' : ''}, rules: ${JSON.stringify(rules)} };`,
    '}',
    '',
  ].join('\n');
}
