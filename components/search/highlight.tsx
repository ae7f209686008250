import { Fragment } from 'react';
import type { HighlightPart } from '@/lib/search/highlight';

/** Where a name written as code may wrap: after its dots and underscores. */
const CODE_BREAK = /(?<=[._])/;

/** Text with a line-break opportunity after each dot and underscore, for names in code. */
function breakable(text: string) {
  return text
    .split(CODE_BREAK)
    .flatMap((piece, index) => (index ? [<wbr key={index} />, piece] : [piece]));
}

/**
 * Highlighted text as React text nodes and <mark> elements; a name written as code (`code`)
 * wraps after its dots and underscores rather than inside a word.
 */
export function Highlight({ parts, code = false }: { parts: HighlightPart[]; code?: boolean }) {
  return parts.map((part, index) => {
    const text = code ? breakable(part.text) : part.text;
    return part.highlighted ? (
      <mark
        key={index}
        className="bg-transparent text-emerald-700 underline decoration-emerald-600/50 dark:text-emerald-400"
      >
        {text}
      </mark>
    ) : (
      <Fragment key={index}>{text}</Fragment>
    );
  });
}
