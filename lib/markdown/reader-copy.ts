import { sampleFor, type Server } from '@/lib/openapi/samples/servers';

/** A fenced code block of Markdown: its opening line, its code and its closing fence. */
const FENCED_BLOCK = /^(`{3,}|~{3,})([^\n]*\n)([\s\S]*?)^\1[ \t]*$/gm;

/**
 * A page's Markdown as the reader copies it: its code samples written for the server they chose
 * and its links to the site at the address they are reading it on, as the page's code frames show
 * them. Prose naming a server keeps it. The export itself is written once, for the site's
 * configured URL.
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
          new RegExp(`(?<![\\w.-])${escaped(siteOrigin)}(?![\\w-]|\\.[\\w-])`, 'g'),
          origin,
        );
  return linked.replace(
    FENCED_BLOCK,
    (_, fence: string, info: string, code: string) =>
      `${fence}${info}${sampleFor(code, server, origin)}${fence}`,
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
