// Between the form's inputs and the request's JSON: what a typed text means for a field, and
// how a JSON value shows in its input. Text that is not a valid value of its field is kept as
// text, so validation names the problem the sandbox would.
import type { FieldKind } from './spec';

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** The JSON value of a field's input; `undefined` (left out) when it is empty. */
export function valueOfInput(kind: FieldKind, text: string): unknown {
  if (text === '') return undefined;
  if (kind === 'integer' || kind === 'number')
    return NUMBER.test(text.trim()) ? Number(text) : text;
  if (kind === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (kind === 'json' || kind === 'object' || kind === 'array') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** How a field's JSON value shows in its input. */
export function inputOfValue(kind: FieldKind, value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string' && kind !== 'json') return value;
  if (kind === 'json' || (typeof value === 'object' && value !== null)) {
    return JSON.stringify(value);
  }
  return String(value);
}

/** The body as the JSON view shows it. */
export function bodyText(body: unknown): string {
  return body === undefined ? '' : JSON.stringify(body, null, 2);
}

/** The JSON view's text as a body, or the parse error to show; empty text is no body. */
export function parseBody(text: string): { body: unknown } | { error: string } {
  if (text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
