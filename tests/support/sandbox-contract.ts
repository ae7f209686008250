import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parametersOf, resolve, type ApiDocument } from '@/lib/openapi/document';
import { allOperations } from '@/lib/openapi/operations';
import { ruleCases } from './rule-cases';

const DOCUMENT_ID = 'https://openapi.local/document';

/** Validates answers against the document's own response schemas, independently of the sandbox. */
export function responseValidator(document: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID }, undefined, undefined, false);
  return (operationId: string, status: number, body: unknown): string[] => {
    const found = allOperations(document).find(
      ({ operation }) => operation.operationId === operationId,
    );
    if (!found) return [`no operation ${operationId}`];
    const escaped = found.path.replaceAll('~', '~0').replaceAll('/', '~1');
    const response = found.operation.responses[String(status)];
    if (!response) return [`${operationId} documents no ${status} response`];
    const pointer =
      '$ref' in response ? response.$ref : `#/paths/${escaped}/${found.method}/responses/${status}`;
    const validate = ajv.compile({
      $ref: `${DOCUMENT_ID}${pointer}/content/application~1json/schema`,
    });
    return validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
  };
}

/** The headers the document declares on an operation's response with a status, in lower case. */
export function declaredHeaders(document: ApiDocument, operationId: string, status: number) {
  const found = allOperations(document).find(
    ({ operation }) => operation.operationId === operationId,
  );
  const response = found?.operation.responses[String(status)];
  if (!response) return [];
  const resolved = resolve(document, response) as { headers?: Record<string, unknown> };
  return Object.keys(resolved.headers ?? {}).map((name) => name.toLowerCase());
}

export type ExampleRequest = {
  operationId: string;
  method: string;
  path: string;
  /** The documented path, such as `/v1/charges/{id}`. */
  template: string;
  body?: unknown;
  headers: Record<string, string>;
  successStatus: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The body fields of each operation ruled to be in the future, and whether each is a date. */
function futureFields(document: ApiDocument): Map<string, { field: string; date: boolean }[]> {
  const found = new Map<string, { field: string; date: boolean }[]>();
  for (const item of ruleCases(document)) {
    if (item.where !== 'body' || !('rule' in item) || item.rule.kind !== 'future') continue;
    const fields = found.get(item.operationId) ?? [];
    fields.push({ field: item.field, date: item.schema.format === 'date' });
    found.set(item.operationId, fields);
  }
  return found;
}

/**
 * The example body as a client sends it today: its fields ruled to be in the future, whose
 * documented dates have passed since, moved ahead: a date two days, so a test clock moved on a
 * few hours keeps it ahead; a time half an hour, within any limit after creation.
 */
function sentToday(body: unknown, fields: { field: string; date: boolean }[] = []): unknown {
  if (!body || typeof body !== 'object' || fields.length === 0) return body;
  const sent = structuredClone(body) as Record<string, unknown>;
  for (const { field, date } of fields) {
    if (!(field in sent)) continue;
    const ahead = new Date(Date.now() + (date ? 2 * DAY_MS : DAY_MS / 48)).toISOString();
    sent[field] = date ? ahead.slice(0, 10) : ahead.replace(/\.\d{3}Z$/, 'Z');
  }
  return sent;
}

/**
 * A request for every operation, built from its documented parameter and body examples, its
 * dates ruled to be in the future moved ahead of today.
 */
export function exampleRequests(document: ApiDocument): ExampleRequest[] {
  const future = futureFields(document);
  return allOperations(document).map(({ method, path, operation }) => {
    const parameters = parametersOf(document, document.paths[path]!, operation);
    const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const example = parameters.find(
        (parameter) => parameter.in === 'path' && parameter.name === name,
      )?.example;
      return encodeURIComponent(String(example));
    });
    // A required query parameter without an example takes the value the response example shows.
    const success = Object.entries(operation.responses).find(([code]) => code.startsWith('2'))?.[1];
    const shown =
      success && 'content' in success ? success.content?.['application/json']?.example : undefined;
    const item = ((shown as { data?: Record<string, unknown>[] })?.data?.[0] ??
      shown ??
      {}) as Record<string, unknown>;
    const query = new URLSearchParams();
    for (const parameter of parameters.filter((p) => p.in === 'query' && p.required)) {
      query.set(parameter.name, String(parameter.example ?? item[parameter.name]));
    }
    const headers: Record<string, string> = {};
    if (parameters.some((parameter) => parameter.name === 'Idempotency-Key'))
      headers['Idempotency-Key'] = randomUUID();
    const body = operation.requestBody
      ? sentToday(
          resolve<{ content: Record<string, { example?: unknown }> }>(
            document,
            operation.requestBody,
          ).content['application/json']?.example,
          future.get(operation.operationId),
        )
      : undefined;
    const successStatus = Number(
      Object.keys(operation.responses).find((code) => code.startsWith('2')),
    );
    return {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path: query.size ? `${filled}?${query}` : filled,
      template: path,
      body,
      headers,
      successStatus,
    };
  });
}
