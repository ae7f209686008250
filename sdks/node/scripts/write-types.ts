// Writes the library's generated types from the API document into the folder given, the package's
// types/: api.d.ts (openapi-typescript) and index.d.ts, which names each schema's type and each
// method's parameters type, and declares every method of the operation table with them.
// Run by scripts/pack.mjs: node --conditions=react-server --import tsx write-types.ts FOLDER
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import {
  loadDocument,
  parametersOf,
  resolve,
  schemaName,
  type ApiDocument,
  type HttpMethod,
  type Operation,
  type Response,
} from '@/lib/openapi/document';
import { sdkOperationTable, type SdkOperation } from '@/lib/sdks/operation-table';

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const singular = (name: string) => name.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');

/** What the types need to know of one operation beyond the table. */
function describe(document: ApiDocument, sdkName: string, entry: SdkOperation) {
  const item = document.paths[entry.path]!;
  const operation = item[entry.method.toLowerCase() as HttpMethod] as Operation;
  const ref = `operations[${JSON.stringify(operation.operationId)}]`;
  const body = operation.requestBody ? resolve(document, operation.requestBody) : undefined;
  const query = parametersOf(document, item, operation).filter((param) => param.in === 'query');
  const [status, reference] = Object.entries(operation.responses).find(([code]) =>
    code.startsWith('2'),
  )!;
  const schema = resolve<Response>(document, reference).content?.['application/json']?.schema;
  const [namespace, method] = sdkName.split('.') as [string, string];
  return {
    namespace,
    method,
    paramsName: `${singular(pascal(namespace))}${pascal(method)}Params`,
    params: body?.content['application/json']
      ? {
          type: `NonNullable<${ref}['requestBody']>['content']['application/json']`,
          required: Boolean(body.required),
        }
      : query.length > 0
        ? {
            type: `NonNullable<${ref}['parameters']['query']>`,
            required: query.some((param) => param.required),
          }
        : undefined,
    result: !schema
      ? 'void'
      : schema.$ref
        ? schemaName(schema.$ref)
        : `${ref}['responses'][${status}]['content']['application/json']`,
  };
}

type Described = ReturnType<typeof describe>;

/**
 * The declarations of one method: path parameters, then its fields, then on a POST the options,
 * which may come straight after the path parameters when the fields are optional.
 */
function signatures({ method, params, paramsName, result }: Described, entry: SdkOperation) {
  const pathArgs = entry.pathParams.map((name) => `${name}: string`);
  const fields = params ? [`params${params.required ? '' : '?'}: ${paramsName}`] : [];
  const declare = (args: string[], returns: string) => `${method}(${args.join(', ')}): ${returns};`;
  if (entry.list) {
    return [declare([...pathArgs, ...fields], `ListRequest<${result}['data'][number], ${result}>`)];
  }
  const returns = `Promise<${result}>`;
  if (!entry.idempotent) return [declare([...pathArgs, ...fields], returns)];
  const options = 'options?: RequestOptions';
  const withFields = declare([...pathArgs, `params: ${paramsName}`, options], returns);
  if (!params) return [declare([...pathArgs, options], returns)];
  return params.required ? [withFields] : [declare([...pathArgs, options], returns), withFields];
}

/** `constructEvent` returns the document's event object, where it has one. */
function webhookEvent(document: ApiDocument): string[] {
  if (!document.components.schemas.Event) return [];
  const args =
    'rawBody: string | Uint8Array, signatureHeader: string | null | undefined, secret: string';
  return ['  interface Webhooks {', `    constructEvent(${args}): Event;`, '  }'];
}

function indexDeclarations(document: ApiDocument): string {
  const table = sdkOperationTable(document);
  const described = Object.entries(table.operations).map(([name, entry]) => ({
    entry,
    ...describe(document, name, entry),
  }));
  const aliases = new Map<string, string>();
  const alias = (name: string, type: string) => {
    if (aliases.has(name)) throw new Error(`sdks/node types: two types are named ${name}.`);
    aliases.set(name, type);
  };
  for (const name of Object.keys(document.components.schemas)) {
    alias(name, `components['schemas']['${name}']`);
  }
  for (const { paramsName, params } of described) if (params) alias(paramsName, params.type);

  const namespaces = new Map<string, string[]>();
  for (const operation of described) {
    const lines = namespaces.get(operation.namespace) ?? [];
    lines.push(...signatures(operation, operation.entry));
    namespaces.set(operation.namespace, lines);
  }
  return [
    '// Generated from openapi/openapi.yaml by sdks/node/scripts/write-types.ts. Do not edit.',
    "import type { ListRequest, RequestOptions } from '../src/index.js';",
    "import type { components, operations } from './api.js';",
    '',
    "export * from '../src/index.js';",
    '',
    ...[...aliases].map(([name, type]) => `export type ${name} = ${type};`),
    '',
    "declare module '../src/index.js' {",
    ...webhookEvent(document),
    '  interface KestrelPay {',
    ...[...namespaces].flatMap(([namespace, lines]) => [
      `    readonly ${namespace}: {`,
      ...lines.map((line) => `      ${line}`),
      '    };',
    ]),
    '  }',
    '}',
    '',
  ].join('\n');
}

const folder = process.argv[2];
if (!folder) throw new Error('Usage: write-types.ts FOLDER');
const document = loadDocument();
const api = astToString(
  await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0]),
);
mkdirSync(folder, { recursive: true });
writeFileSync(path.join(folder, 'api.d.ts'), api);
writeFileSync(path.join(folder, 'index.d.ts'), indexDeclarations(document));
