import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serverConfig } from '@/lib/config/server';
import { requestOrigin } from '@/lib/http/request-origin';

/** The line of the forwarder that names the site it came from, set to this site as it is served. */
const DOWNLOADED_FROM = 'const DOWNLOADED_FROM = null;';

/** The webhook forwarder, to run with Node.js against this site's sandbox (see the Webhooks page). */
export async function GET(request: Request) {
  const script = await readFile(path.join(process.cwd(), 'scripts', 'sandbox-forward.mjs'), 'utf8');
  const site = requestOrigin(request, serverConfig());
  return new Response(
    script.replace(DOWNLOADED_FROM, `const DOWNLOADED_FROM = ${JSON.stringify(site.origin)};`),
    { headers: { 'Content-Type': 'text/javascript; charset=utf-8', ...site.headers } },
  );
}
