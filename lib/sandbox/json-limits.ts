// What a parsed JSON body may hold beyond being JSON: a bounded nesting depth, so nothing that
// walks it recurses without end, and only numbers that survive parsing exactly.
import { MAX_JSON_DEPTH } from './limits';
import { subjectOf } from './validation-messages';

/** Why a parsed body is refused, and the field at fault (dotted, as validation names it). */
export type JsonProblem = { message: string; param: string | null };

const nameOf = (path: string[]) => (path.length ? path.join('.') : null);

function numberProblem(value: number, path: string[]): JsonProblem | undefined {
  const param = nameOf(path);
  const subject = param ? subjectOf(param) : 'The request body';
  if (!Number.isFinite(value)) {
    return { message: `${subject} must be a number small enough to represent.`, param };
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    return {
      message: `${subject} must lie between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}: whole numbers beyond lose precision.`,
      param,
    };
  }
  return undefined;
}

/**
 * The first problem of a parsed JSON body: nested deeper than `MAX_JSON_DEPTH` objects and arrays,
 * or holding a number that parsing could not keep exactly (`1e309` becomes Infinity, and
 * `9007199254740993` another whole number).
 */
export function jsonProblem(value: unknown, path: string[] = []): JsonProblem | undefined {
  if (typeof value === 'number') return numberProblem(value, path);
  if (!value || typeof value !== 'object') return undefined;
  if (path.length >= MAX_JSON_DEPTH) {
    return {
      message: `The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`,
      param: null,
    };
  }
  for (const [key, child] of Object.entries(value)) {
    const problem = jsonProblem(child, [...path, key]);
    if (problem) return problem;
  }
  return undefined;
}
