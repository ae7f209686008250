// What a request validation failure says: the catalogue code, the message and the parameter at
// fault, made from Ajv's errors. Pure and free of server code, so the console says in the browser
// exactly what the sandbox would answer.
import type { ErrorObject } from 'ajv';

/** A refused request as the API's error envelope names it. */
export type RequestProblem = { code: string; message: string; param: string | null };

/** The parameter an error is about: `amount`, `metadata.crm_id`, or a header as documented. */
export function paramOf(error: ErrorObject, headerNames: Map<string, string>): string | null {
  const [location = '', ...rest] = error.instancePath.split('/').filter(Boolean);
  const params = error.params as Record<string, string>;
  const child = params.missingProperty ?? params.additionalProperty;
  const segments = [...rest, ...(child ? [child] : [])];
  if (location === 'header') return headerNames.get(segments[0] ?? '') ?? segments[0] ?? null;
  return segments.length ? segments.join('.') : null;
}

function problemOf(error: ErrorObject, headerNames: Map<string, string>): RequestProblem {
  const param = paramOf(error, headerNames);
  if (error.keyword === 'required') {
    return param === 'requestBody'
      ? { code: 'parameter_missing', message: 'A JSON request body is required.', param: null }
      : { code: 'parameter_missing', message: `The ${param} parameter is required.`, param };
  }
  if (error.keyword === 'additionalProperties') {
    return { code: 'parameter_invalid', message: `Unknown parameter: ${param}.`, param };
  }
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  const detail = allowed ? `must be one of ${allowed.join(', ')}` : error.message;
  return {
    code: 'parameter_invalid',
    message: `Invalid ${param ?? 'request'}: ${detail}.`,
    param,
  };
}

/**
 * Every problem of a request, one per field; the first is the one the sandbox answers with (a
 * missing field before any other). `headerNames` maps lower-case header names to their
 * documented spelling.
 */
export function requestProblems(
  errors: ErrorObject[],
  headerNames: Map<string, string>,
): RequestProblem[] {
  const seen = new Set<string>();
  return [...errors]
    .sort((a, b) => Number(b.keyword === 'required') - Number(a.keyword === 'required'))
    .map((error) => problemOf(error, headerNames))
    .filter((problem) => {
      const key = problem.param ?? problem.message;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The message the sandbox answers a body that is not JSON with. */
export const INVALID_JSON_PROBLEM: RequestProblem = {
  code: 'parameter_invalid',
  message: 'The request body is not valid JSON.',
  param: null,
};
