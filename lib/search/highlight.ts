import { HIGHLIGHT_TAGS } from './config';

export type HighlightPart = { text: string; highlighted: boolean };

/**
 * Splits a highlighted value into plain and highlighted parts, to render as text nodes and
 * <mark> elements: nothing in it, tags or otherwise, is ever treated as HTML.
 */
export function parseHighlight(value: string, { pre, post } = HIGHLIGHT_TAGS): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let rest = value;
  while (rest) {
    const start = rest.indexOf(pre);
    const end = start === -1 ? -1 : rest.indexOf(post, start + pre.length);
    if (start === -1 || end === -1) {
      parts.push({ text: rest, highlighted: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), highlighted: false });
    parts.push({ text: rest.slice(start + pre.length, end), highlighted: true });
    rest = rest.slice(end + post.length);
  }
  return parts;
}

/** About `radius` characters either side of the first highlight, with ellipses where cut. */
export function snippet(parts: HighlightPart[], radius = 60): HighlightPart[] {
  const firstMatch = parts.findIndex((part) => part.highlighted);
  if (firstMatch === -1) {
    const text = parts.map((part) => part.text).join('');
    return [
      {
        text: text.length > radius * 2 ? `${text.slice(0, radius * 2)}…` : text,
        highlighted: false,
      },
    ];
  }
  const before = parts
    .slice(0, firstMatch)
    .map((part) => part.text)
    .join('');
  const lead = before.length > radius ? `…${before.slice(-radius).replace(/^\S*\s/, '')}` : before;
  const result: HighlightPart[] = lead ? [{ text: lead, highlighted: false }] : [];
  let length = 0;
  for (const part of parts.slice(firstMatch)) {
    if (length > radius * 2) {
      result.push({ text: '…', highlighted: false });
      break;
    }
    result.push(part);
    length += part.text.length;
  }
  return result;
}

/** Removes a trailing `suffix` (e.g. " | Kestrel Pay") from highlighted parts. */
export function trimSuffix(parts: HighlightPart[], suffix: string): HighlightPart[] {
  const text = parts.map((part) => part.text).join('');
  if (!text.endsWith(suffix)) return parts;
  let remove = suffix.length;
  const result = [...parts];
  while (remove > 0 && result.length) {
    const last = result.pop()!;
    if (last.text.length > remove) {
      result.push({ ...last, text: last.text.slice(0, last.text.length - remove) });
      remove = 0;
    } else {
      remove -= last.text.length;
    }
  }
  return result;
}
