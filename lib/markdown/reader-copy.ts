import { sampleFor, type Server } from '@/lib/openapi/samples/servers';

/**
 * A page's Markdown as the reader copies it: its samples written for the server they chose and
 * its links to the site at the address they are reading it on, as the page's code frames show
 * them. The export itself is written once, for the site's configured URL.
 */
export function markdownForReader(
  markdown: string,
  { server, origin, siteUrl }: { server: Server; origin: string; siteUrl: string },
): string {
  const siteOrigin = new URL(siteUrl).origin;
  const linked =
    siteOrigin === origin
      ? markdown
      : markdown.replace(
          new RegExp(`(?<![\\w.-])${escaped(siteOrigin)}(?![\\w-]|\\.[\\w-])`, 'gm'),
          origin,
        );
  return sampleFor(linked, server, origin);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
