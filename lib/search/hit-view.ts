// zod's tree-shakable build: this runs in the dialog's browser chunk.
import * as z from 'zod/mini';
import { stripSiteSuffix } from '@/lib/titles';
import { site } from '@/lib/site';
import { parseHighlight, snippet, trimSuffix, type HighlightPart } from './highlight';

/** One result as the dialog shows it: every part already split into text and highlights. */
export type HitView = {
  objectID: string;
  /** Site path to navigate to, with `#anchor` for sections. */
  path: string;
  method?: string;
  title: HighlightPart[];
  /** The headings below the page, outermost first. */
  trail: HighlightPart[][];
  snippet: HighlightPart[];
};

// Every field is read on its own: one that is missing or malformed is left out, not fatal.
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const text = lenient(z.string());
const highlighted = lenient(z.object({ value: z.string() }));
const hitSchema = z.object({
  objectID: z.string(),
  path: text,
  url: text,
  title: text,
  method: text,
  hierarchy: lenient(z.array(z.unknown())),
  content: text,
  _highlightResult: lenient(
    z.object({
      title: highlighted,
      hierarchy: lenient(z.array(z.unknown())),
      content: highlighted,
    }),
  ),
});
type RawHit = z.infer<typeof hitSchema>;

const plain = (value: string): HighlightPart[] => [{ text: value, highlighted: false }];
const stringAt = (list: unknown[] | undefined, index: number) => text.parse(list?.[index]);
const valueAt = (list: unknown[] | undefined, index: number) =>
  highlighted.parse(list?.[index])?.value;

/** The site path of a hit: its `path`, or for a record without one, the path of its `url`. */
function pathOf(hit: RawHit): string | null {
  if (hit.path !== undefined) {
    return hit.path.startsWith('/') && !hit.path.startsWith('//') ? hit.path : null;
  }
  if (!hit.url) return null;
  try {
    const url = new URL(hit.url);
    return /^https?:$/.test(url.protocol) ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Highlighted parts of a field, else its plain text, else nothing. */
function partsOf(highlightedValue: string | undefined, plainValue: string | undefined) {
  if (highlightedValue !== undefined) return parseHighlight(highlightedValue);
  return plainValue ? plain(plainValue) : [];
}

/** The headings below group and page, each from its highlight or its plain text. */
function trailOf(hit: RawHit): HighlightPart[][] {
  const levels = hit._highlightResult?.hierarchy;
  const length = Math.max(levels?.length ?? 0, hit.hierarchy?.length ?? 0);
  const trail: HighlightPart[][] = [];
  for (let index = 2; index < length; index += 1) {
    const parts = partsOf(valueAt(levels, index), stringAt(hit.hierarchy, index));
    if (parts.length > 0) trail.push(parts);
  }
  return trail;
}

/** A hit as shown, or null when it cannot be shown (not an object, no id, nowhere to go). */
export function toHitView(raw: unknown): HitView | null {
  const parsed = hitSchema.safeParse(raw);
  if (!parsed.success) return null;
  const hit = parsed.data;
  const path = pathOf(hit);
  if (!path) return null;
  const highlights = hit._highlightResult;
  const content = partsOf(highlights?.content?.value, hit.content);
  const title = highlights?.title
    ? trimSuffix(parseHighlight(highlights.title.value), ` | ${site.name}`)
    : partsOf(undefined, hit.title === undefined ? undefined : stripSiteSuffix(hit.title));
  return {
    objectID: hit.objectID,
    path,
    ...(hit.method ? { method: hit.method } : {}),
    title,
    trail: trailOf(hit),
    snippet: content.length > 0 ? snippet(content) : [],
  };
}

/** The hits that can be shown, once each; malformed ones are skipped, never fatal. */
export function toHitViews(raw: unknown): HitView[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  return raw.flatMap((item) => {
    const view = toHitView(item);
    if (!view || seen.has(view.objectID)) return [];
    seen.add(view.objectID);
    return [view];
  });
}
