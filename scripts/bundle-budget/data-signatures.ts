import { parse } from 'yaml';
import type { Signature } from './forbidden';

/** Plain prose only: a sentence Markdown rendering or JSON escaping would leave unchanged. */
const PLAIN_SENTENCE = /^[A-Za-z0-9 ,.;:-]{50,}$/;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Operation = { operationId?: unknown; description?: unknown };

/** The longest plain sentence of a description, if it has one. */
function longestPlainSentence(description: unknown) {
  if (typeof description !== 'string') return undefined;
  return description
    .split(/(?<=\.)\s+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => PLAIN_SENTENCE.test(sentence))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The OpenAPI document, by what only it holds: every operationId, and the longest plain
 * sentence of each operation's description.
 */
export function openApiSignature(documentYaml: string): Signature {
  const document = parse(documentYaml) as { paths?: Record<string, Record<string, Operation>> };
  const needles: string[] = [];
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (typeof operation?.operationId === 'string') needles.push(operation.operationId);
      const sentence = longestPlainSentence(operation?.description);
      if (sentence) needles.push(sentence);
    }
  }
  if (needles.length === 0) throw new Error('openapi/openapi.yaml has no operations to look for');
  return { what: 'the OpenAPI document (openapi/openapi.yaml)', needles };
}

/**
 * The search records, by the ids of their sections (`page:/webhooks#verify-a-signature`):
 * a path joined to an anchor that way appears in the records file and nowhere else.
 */
export function searchRecordsSignature(records: { objectID: string }[]): Signature {
  const needles = records.map((record) => record.objectID).filter((id) => id.includes('#'));
  if (needles.length === 0) throw new Error('The search records have no sections to look for');
  return { what: 'the search records', needles };
}
