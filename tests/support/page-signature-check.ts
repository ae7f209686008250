// The receiver's signature check exactly as the Webhooks page writes it: its JavaScript sample,
// read from the page and run, so a test fails when the documented check would.
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';

/** How old a signature the page's sample accepts, as the page sets it. */
const TOLERANCE_SECONDS = 300;

type Check = (rawBody: string, header: string, secret: string) => boolean;

/** The page's `verifyKestrelSignature`. */
export function pageSignatureCheck(): Check {
  const page = readFileSync('content/docs/webhooks.mdx', 'utf8');
  const source = /function verifyKestrelSignature[\s\S]*?\n\}\n/.exec(page)?.[0];
  if (!source) throw new Error('content/docs/webhooks.mdx has no verifyKestrelSignature sample.');
  return new Function('crypto', 'TOLERANCE_SECONDS', `${source}return verifyKestrelSignature;`)(
    crypto,
    TOLERANCE_SECONDS,
  ) as Check;
}
