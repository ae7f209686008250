import { stripSiteSuffix } from '@/lib/titles';
import { site } from '@/lib/site';
import { parseHighlight, snippet, trimSuffix, type HighlightPart } from './highlight';
import { CODE_NAMED_TYPES, RECORD_TYPE_LABELS, type RecordType } from './record-types';

/** One result as the dialog shows it: every part already split into text and highlights. */
export type HitView = {
  objectID: string;
  /** Site path to navigate to, with `#anchor` for sections. */
  path: string;
  method?: string;
  /** What the hit is, when it is not a page or section: "Guide", "Event", "Field"… */
  label?: string;
  /** The code, event, field or scenario the hit stands for. */
  name?: HighlightPart[];
  /** True when the name is written as code (`Charge.capture_before`), not prose. */
  nameIsCode?: boolean;
  title: HighlightPart[];
  /** The headings below the page, outermost first. */
  trail: HighlightPart[][];
  snippet: HighlightPart[];
};

// Hits are read with these few guards rather than a schema library: this runs in the dialog's
// browser chunk, where zod added 15 KB gzip (34 KB instead of 19 KB) for seven fields.
type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const listOf = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
/** The value of a highlighted field (`{ value: "…<mark>…</mark>…" }`), if it is one. */
const highlightOf = (value: unknown) => (isFields(value) ? textOf(value.value) : undefined);

/** The site path of a hit: its `path`, or for a record without one, the path of its `url`. */
function pathOf(hit: Fields): string | null {
  if (hit.path !== undefined) {
    const path = textOf(hit.path);
    return path?.startsWith('/') && !path.startsWith('//') ? path : null;
  }
  const url = textOf(hit.url);
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol)
      ? `${parsed.pathname}${parsed.search}${parsed.hash}`
      : null;
  } catch {
    return null;
  }
}

/** The label of a record type the dialog knows, else none. */
function labelOf(type: string | undefined): string | undefined {
  return type && Object.hasOwn(RECORD_TYPE_LABELS, type)
    ? RECORD_TYPE_LABELS[type as keyof typeof RECORD_TYPE_LABELS]
    : undefined;
}

/** Highlighted parts of a field, else its plain text, else nothing. */
function partsOf(highlighted: string | undefined, plain: string | undefined): HighlightPart[] {
  if (highlighted !== undefined) return parseHighlight(highlighted);
  return plain ? [{ text: plain, highlighted: false }] : [];
}

/** The headings below group and page, each from its highlight or its plain text. */
function trailOf(levels: unknown[], plainLevels: unknown[]): HighlightPart[][] {
  const trail: HighlightPart[][] = [];
  for (let index = 2; index < Math.max(levels.length, plainLevels.length); index += 1) {
    const parts = partsOf(highlightOf(levels[index]), textOf(plainLevels[index]));
    if (parts.length > 0) trail.push(parts);
  }
  return trail;
}

/**
 * A hit as shown, or null when it cannot be shown (not an object, no id, nowhere to go on this
 * site). Every other field is read on its own: a missing or malformed highlight falls back to
 * the plain attribute, then to nothing.
 */
export function toHitView(raw: unknown): HitView | null {
  if (!isFields(raw)) return null;
  const objectID = textOf(raw.objectID);
  const path = pathOf(raw);
  if (!objectID || !path) return null;
  const highlights = isFields(raw._highlightResult) ? raw._highlightResult : {};
  const highlightedTitle = highlightOf(highlights.title);
  const plainTitle = textOf(raw.title);
  const content = partsOf(highlightOf(highlights.content), textOf(raw.content));
  const method = textOf(raw.method);
  const type = textOf(raw.type);
  const label = labelOf(type);
  const name = partsOf(highlightOf(highlights.name), textOf(raw.name));
  const nameIsCode = CODE_NAMED_TYPES.includes(type as RecordType);
  return {
    objectID,
    path,
    ...(method ? { method } : {}),
    ...(label ? { label } : {}),
    ...(name.length > 0 ? { name, nameIsCode } : {}),
    title:
      highlightedTitle !== undefined
        ? trimSuffix(parseHighlight(highlightedTitle), ` | ${site.name}`)
        : partsOf(undefined, plainTitle && stripSiteSuffix(plainTitle)),
    trail: trailOf(listOf(highlights.hierarchy), listOf(raw.hierarchy)),
    snippet: content.length > 0 ? snippet(content) : [],
  };
}

/** The hits that can be shown, once each; malformed ones are skipped, never fatal. */
export function toHitViews(raw: unknown): HitView[] {
  const seen = new Set<string>();
  return listOf(raw).flatMap((item) => {
    const view = toHitView(item);
    if (!view || seen.has(view.objectID)) return [];
    seen.add(view.objectID);
    return [view];
  });
}
