import type { HighlightPart } from '@/lib/search/highlight';

/** Highlighted text as React text nodes and <mark> elements. */
export function Highlight({ parts }: { parts: HighlightPart[] }) {
  return parts.map((part, index) =>
    part.highlighted ? (
      <mark
        key={index}
        className="bg-transparent text-emerald-700 underline decoration-emerald-600/50 dark:text-emerald-400"
      >
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
