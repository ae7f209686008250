import { BodyTooLargeError, readBodyText } from '@/lib/http/body';
import { SandboxError } from './errors';
import { MAX_BODY_BYTES } from './limits';

/** The path under the sandbox's mount point, such as `/v1/charges` of `/sandbox/v1/charges`. */
export function sandboxPath(url: URL, mount: string): string {
  return url.pathname.startsWith(mount) ? url.pathname.slice(mount.length) || '/' : url.pathname;
}

/** The client a rate limit counts against: the address the nearest proxy saw. */
export function clientOf(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded || request.headers.get('x-real-ip') || 'unknown';
}

/** The request's JSON body, read no further than the limit: 413 beyond it, 400 when it is not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  let text: string;
  try {
    text = await readBodyText(request, MAX_BODY_BYTES);
  } catch (caught) {
    if (caught instanceof BodyTooLargeError) {
      throw new SandboxError('parameter_invalid', caught.message, null, {}, 413);
    }
    throw caught;
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SandboxError('parameter_invalid', 'The request body is not valid JSON.');
  }
}

/** Header names in lower case, as the validator compares them. */
export function headersOf(request: Request): Record<string, string> {
  return Object.fromEntries(
    [...request.headers].map(([name, value]) => [name.toLowerCase(), value]),
  );
}
