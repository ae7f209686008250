import { BodyTimeoutError, BodyTooLargeError, readBody } from '@/lib/http/body';
import { SandboxError } from './errors';
import { jsonProblem } from './json-limits';
import { MAX_BODY_BYTES } from './limits';
import {
  BODY_TOO_LARGE_MESSAGE,
  INVALID_JSON_PROBLEM,
  NOT_AN_OBJECT_PROBLEM,
} from './validation-messages';

/** The path under the sandbox's mount point, such as `/v1/charges` of `/sandbox/v1/charges`. */
export function sandboxPath(url: URL, mount: string): string {
  return url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) || '/' : url.pathname;
}

/** A request body as sent, and its JSON value or why it has none. */
export type RequestBody = { text: string; value?: unknown; problem?: SandboxError };

/** `application/json`, with at most a UTF-8 charset: JSON travels in UTF-8 (RFC 8259). */
function isJson(contentType: string | null): boolean {
  const [essence = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim());
  if (essence.toLowerCase() !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [name = '', value = ''] = parameter.split('=').map((part) => part.trim().toLowerCase());
    return name !== 'charset' || ['utf-8', 'utf8', '"utf-8"'].includes(value);
  });
}

/** Decodes UTF-8 and throws on any other byte; a byte order mark stays, as JSON allows none. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** True when `bytes` are UTF-8 throughout. */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The problem of a body as read: not sent as JSON (415), not UTF-8, not JSON, or JSON the API
 * cannot keep.
 */
function problemOf(request: Request, text: string, bytes: Uint8Array): RequestBody {
  if (!isJson(request.headers.get('content-type'))) {
    const problem = new SandboxError(
      'parameter_invalid',
      'Send the request body as JSON, with the header Content-Type: application/json.',
      'Content-Type',
      {},
      415,
    );
    return { text, problem };
  }
  if (!isUtf8(bytes)) {
    return {
      text,
      problem: new SandboxError(
        'parameter_invalid',
        'The request body is not valid UTF-8: send JSON encoded in UTF-8.',
      ),
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      text,
      problem: new SandboxError(INVALID_JSON_PROBLEM.code, INVALID_JSON_PROBLEM.message),
    };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return {
      text,
      problem: new SandboxError(NOT_AN_OBJECT_PROBLEM.code, NOT_AN_OBJECT_PROBLEM.message),
    };
  }
  const beyond = jsonProblem(value);
  if (beyond) {
    return { text, problem: new SandboxError('parameter_invalid', beyond.message, beyond.param) };
  }
  return { text, value };
}

/**
 * The request's body, read no further than the limit (413 beyond it) nor for longer than
 * `timeoutMs` (408), and parsed as JSON; a body the client abandons throws `BodyAbortedError`.
 */
export async function readRequestBody(request: Request, timeoutMs: number): Promise<RequestBody> {
  if (request.method === 'GET' || request.method === 'DELETE') return { text: '' };
  let bytes: Buffer;
  try {
    bytes = await readBody(request, MAX_BODY_BYTES, timeoutMs);
  } catch (caught) {
    if (caught instanceof BodyTooLargeError) {
      throw new SandboxError('parameter_invalid', BODY_TOO_LARGE_MESSAGE, null, {}, 413);
    }
    if (caught instanceof BodyTimeoutError) {
      throw new SandboxError(
        'request_timeout',
        `${caught.message} The request was not run: send the whole body without pausing, then retry.`,
        null,
        { Connection: 'close' },
      );
    }
    throw caught;
  }
  // As sent, but for bytes that are not UTF-8: the text the request log and idempotency keep.
  const text = bytes.toString('utf8');
  if (text.trim() === '') return { text };
  return problemOf(request, text, bytes);
}

/** Header names in lower case, as the validator compares them. */
export function headersOf(request: Request): Record<string, string> {
  return Object.fromEntries(
    [...request.headers].map(([name, value]) => [name.toLowerCase(), value]),
  );
}
