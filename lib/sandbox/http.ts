import { BodyTooLargeError, readBodyText } from '@/lib/http/body';
import { SandboxError } from './errors';
import { MAX_BODY_BYTES } from './limits';
import { INVALID_JSON_PROBLEM } from './validation-messages';

/** The path under the sandbox's mount point, such as `/v1/charges` of `/sandbox/v1/charges`. */
export function sandboxPath(url: URL, mount: string): string {
  return url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) || '/' : url.pathname;
}

/** A request body as sent, and its JSON value or why it has none. */
export type RequestBody = { text: string; value?: unknown; problem?: SandboxError };

/** The request's body, read no further than the limit (413 beyond it), and parsed as JSON. */
export async function readRequestBody(request: Request): Promise<RequestBody> {
  if (request.method === 'GET' || request.method === 'DELETE') return { text: '' };
  let text: string;
  try {
    text = await readBodyText(request, MAX_BODY_BYTES);
  } catch (caught) {
    if (caught instanceof BodyTooLargeError) {
      throw new SandboxError('parameter_invalid', caught.message, null, {}, 413);
    }
    throw caught;
  }
  if (text.trim() === '') return { text };
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    return {
      text,
      problem: new SandboxError(INVALID_JSON_PROBLEM.code, INVALID_JSON_PROBLEM.message),
    };
  }
}

/** Header names in lower case, as the validator compares them. */
export function headersOf(request: Request): Record<string, string> {
  return Object.fromEntries(
    [...request.headers].map(([name, value]) => [name.toLowerCase(), value]),
  );
}
