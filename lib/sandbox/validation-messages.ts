// What a request validation failure says: the catalogue code, the message and the parameter at
// fault, made from Ajv's errors. Pure and free of server code, so the console says in the browser
// exactly what the sandbox would answer.
import type { ErrorObject } from 'ajv';
import { MAX_BODY_BYTES } from './limits';

/** A refused request as the API's error envelope names it; `status` when not the code's own. */
export type RequestProblem = {
  code: string;
  message: string;
  param: string | null;
  status?: number;
};

/** The parameter an error is about: `amount`, `metadata.crm_id`, or a header as documented. */
export function paramOf(error: ErrorObject, headerNames: Map<string, string>): string | null {
  const [location = '', ...rest] = error.instancePath.split('/').filter(Boolean);
  const params = error.params as Record<string, string>;
  const child = params.missingProperty ?? params.additionalProperty;
  const segments = [...rest, ...(child ? [child] : [])];
  if (location === 'header') return headerNames.get(segments[0] ?? '') ?? segments[0] ?? null;
  return segments.length ? segments.join('.') : null;
}

/** Longest part of a sent value a message quotes; the rest is elided. */
export const MAX_QUOTED_CHARACTERS = 40;

/** A sent value as a message quotes it: whole when short, else its start and its length. */
export function excerpt(value: unknown): string {
  const text = String(value);
  if (text.length <= MAX_QUOTED_CHARACTERS) return text;
  return `${text.slice(0, MAX_QUOTED_CHARACTERS)}… (${text.length} characters)`;
}

/** How a message names what it is about: `The amount parameter`, `The Kestrel-Version header`. */
export function subjectOf(param: string, isHeader = false): string {
  return `The ${param} ${isHeader ? 'header' : 'parameter'}`;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  'date-time': 'an ISO 8601 date and time, such as 2026-05-30T23:59:59Z',
  date: 'a date as YYYY-MM-DD',
  email: 'an email address',
  uri: 'a URL',
};

const plural = (count: unknown, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a failed JSON Schema keyword requires, as the docs say it: `must be at most 255 characters`. */
function predicateOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `must be ${String(params.type)
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type)
        .join(' or ')}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `must be greater than ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(params.limit)}`;
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : `must be at least ${plural(params.limit, 'character')}`;
    case 'maxLength':
      return `must be at most ${plural(params.limit, 'character')}`;
    case 'pattern':
      return `must match the pattern ${String(params.pattern)}`;
    case 'format':
      return `must be ${FORMAT_NAMES[String(params.format)] ?? `in the ${String(params.format)} format`}`;
    case 'minItems':
      return `must have at least ${plural(params.limit, 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(params.limit, 'item')}`;
    case 'uniqueItems':
      return 'must not list the same item twice';
    case 'minProperties':
      return `must have at least ${plural(params.limit, 'key')}`;
    case 'maxProperties':
      return `must have at most ${plural(params.limit, 'key')}`;
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}`;
    default:
      return 'does not have the documented shape; see the API reference';
  }
}

function problemOf(error: ErrorObject, headerNames: Map<string, string>): RequestProblem {
  const param = paramOf(error, headerNames);
  const isHeader = error.instancePath.startsWith('/header');
  if (error.keyword === 'required' && param === 'requestBody') {
    return { code: 'parameter_missing', message: 'A JSON request body is required.', param: null };
  }
  if (param === null) {
    return {
      code: 'parameter_invalid',
      message: `The request body ${predicateOf(error)}.`,
      param,
    };
  }
  const subject = subjectOf(param, isHeader);
  if (error.keyword === 'required') {
    return { code: 'parameter_missing', message: `${subject} is required.`, param };
  }
  if (error.keyword === 'additionalProperties') {
    return {
      code: 'parameter_invalid',
      message: `${subject} is not one this endpoint takes.`,
      param,
    };
  }
  return { code: 'parameter_invalid', message: `${subject} ${predicateOf(error)}.`, param };
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
/** A body that is JSON but not an object: a string of JSON, an array, a number. */
export const NOT_AN_OBJECT_PROBLEM: RequestProblem = {
  code: 'parameter_invalid',
  message:
    'The request body must be a JSON object, such as {"name": "Amelia Hart"}, not a string, array, number or null. Send the object itself, not a string holding it.',
  param: null,
};

export const INVALID_JSON_PROBLEM: RequestProblem = {
  code: 'parameter_invalid',
  message: 'The request body is not valid JSON.',
  param: null,
};

/** The message the sandbox answers a body beyond its size limit with (413), unread. */
export const BODY_TOO_LARGE_MESSAGE = `The request body must be at most ${MAX_BODY_BYTES} bytes (${MAX_BODY_BYTES / 1024} KB), so it was not read: send long text and lists in several requests.`;

/** The refusal of a body beyond the size limit, as the console predicts it before sending. */
export function bodySizeProblem(text: string): RequestProblem | undefined {
  if (new TextEncoder().encode(text).length <= MAX_BODY_BYTES) return undefined;
  return { code: 'parameter_invalid', message: BODY_TOO_LARGE_MESSAGE, param: null, status: 413 };
}
