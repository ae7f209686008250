import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const dynamic = 'force-static';

/** The webhook forwarder, to run with Node.js against this site's sandbox (see the Webhooks page). */
export async function GET() {
  const script = await readFile(path.join(process.cwd(), 'scripts', 'sandbox-forward.mjs'), 'utf8');
  return new Response(script, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
}
