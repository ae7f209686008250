import { site } from '@/lib/site';

/** The absolute URL of a site path: `/errors` → `<site.url>/errors`. */
export function absoluteUrl(path: string, base: string = site.url): string {
  return new URL(path, base).toString();
}
