// Every page's Content-Security-Policy, set in the pipeline each Next.js server runs (npm start,
// next start, the standalone server.js, a Next.js host): the site's policy, which allows no
// inline script, plus the page's own, by the hashes the build found for a prerendered page and
// by a fresh nonce, which Next.js puts on the scripts of a page it renders for the request.
import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { serverConfig } from '@/lib/config/server';
import { contentSecurityPolicy } from '@/lib/security/headers';
import { pageScripts } from '@/lib/security/page-scripts';
import { nonceSource, withScriptSources } from '@/lib/security/script-policy.mjs';

const settings = serverConfig();
const sitePolicy = contentSecurityPolicy(settings);
// Development allows inline scripts outright; a hash or nonce beside that would cancel it.
const scripts = settings.development ? undefined : pageScripts(settings.distDir);

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  // Next.js takes the nonce of a page it renders from the request's policy: never the client's.
  headers.delete('content-security-policy');
  headers.delete('content-security-policy-report-only');
  if (!scripts) return NextResponse.next({ request: { headers } });
  const route = request.nextUrl.pathname;
  const nonce = scripts.isImmutable(route) ? undefined : randomBytes(16).toString('base64');
  if (nonce) headers.set('content-security-policy', `script-src ${nonceSource(nonce)}`);
  const response = NextResponse.next({ request: { headers } });
  const sources = [...(nonce ? [nonceSource(nonce)] : []), ...scripts.hashSources(route)];
  response.headers.set('content-security-policy', withScriptSources(sitePolicy, sources));
  return response;
}

export const config = {
  // Pages only: the sandbox, search, MCP, console and file routes answer no HTML.
  matcher: [
    '/((?!_next/|sandbox/|api/|mcp(?:/|$)|console/|markdown/|og/|articles/|sdks/|.*\\.(?:md|txt|yaml|mjs|json|xml|ico|png|svg|webmanifest)$).*)',
  ],
};
