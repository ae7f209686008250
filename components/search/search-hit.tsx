import { parseHighlight, snippet, trimSuffix } from '@/lib/search/highlight';
import type { SearchHit as Hit } from '@/lib/search/engine';
import { site } from '@/lib/site';
import { Highlight } from './highlight';

/** One result: page title (without the site suffix), where in the page, and the match. */
export function SearchHit({ hit }: { hit: Hit }) {
  const highlights = hit._highlightResult;
  const title = trimSuffix(parseHighlight(highlights.title.value), ` | ${site.name}`);
  const trail = highlights.hierarchy.slice(2);
  return (
    <>
      <span className="flex items-center gap-2 text-sm font-medium text-zinc-900 dark:text-white">
        {hit.method && (
          <span className="rounded bg-zinc-900/5 px-1 font-mono text-[0.625rem] text-zinc-600 dark:bg-white/10 dark:text-zinc-300">
            {hit.method}
          </span>
        )}
        <span data-slot="hit-title">
          <Highlight parts={title} />
        </span>
      </span>
      {trail.length > 0 && (
        <span
          data-slot="hit-section"
          className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400"
        >
          {trail.map((level, index) => (
            <span key={index}>
              {index > 0 && ' › '}
              <Highlight parts={parseHighlight(level.value)} />
            </span>
          ))}
        </span>
      )}
      <span
        data-slot="hit-content"
        className="mt-1 line-clamp-2 block text-xs text-zinc-600 dark:text-zinc-400"
      >
        <Highlight parts={snippet(parseHighlight(highlights.content.value))} />
      </span>
    </>
  );
}
