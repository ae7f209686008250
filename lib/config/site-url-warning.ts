// A production build or server without the site's public address still runs (the quick start
// needs no variable), but every absolute address it writes then points at localhost: it says so.
import { DEFAULT_SITE_URL } from './public';

/** Set once the warning is printed; the build's worker processes inherit it and stay quiet. */
export const SITE_URL_WARNED = 'SITE_URL_WARNING_SHOWN';

type Env = Record<string, string | undefined>;

/** The warning for a production build or server without NEXT_PUBLIC_SITE_URL; null otherwise. */
export function siteUrlWarning(env: Env): string | null {
  if ((env.NODE_ENV ?? 'production') !== 'production') return null;
  if (env.NEXT_PUBLIC_SITE_URL?.trim()) return null;
  return (
    `NEXT_PUBLIC_SITE_URL is not set: the sitemap, canonical links, Open Graph, JSON-LD, ` +
    `llms.txt and search records will say ${DEFAULT_SITE_URL}. ` +
    `Set it to the site's public URL (e.g. NEXT_PUBLIC_SITE_URL=https://docs.example.com).`
  );
}

/** Prints the warning once per build or server process tree, when there is one to print. */
export function warnIfSiteUrlUnset(env: Env, warn: (message: string) => void = console.warn) {
  if (env[SITE_URL_WARNED]) return;
  const warning = siteUrlWarning(env);
  if (!warning) return;
  env[SITE_URL_WARNED] = '1';
  warn(`\n⚠ ${warning}\n`);
}
