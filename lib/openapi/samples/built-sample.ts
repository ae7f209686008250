import { publicConfig } from '@/lib/config/public';
import { DEFAULT_SERVER, sampleFor, serverOf } from './servers';

/**
 * A sample as the site is built, in its pages and their Markdown: for this site's sandbox at the
 * built site URL. The reader's browser rewrites a page's samples for their own choice and for
 * the origin it is actually served from.
 */
export function builtSample(code: string): string {
  return sampleFor(code, serverOf(DEFAULT_SERVER), publicConfig.siteUrl);
}
