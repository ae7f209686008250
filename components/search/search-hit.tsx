import type { HitView } from '@/lib/search/hit-view';
import { Highlight } from './highlight';

/** One result: page title, where in the page, and the match; each only when the hit has it. */
export function SearchHit({ hit }: { hit: HitView }) {
  return (
    <>
      <span className="flex items-center gap-2 text-sm font-medium text-zinc-900 dark:text-white">
        {hit.method && (
          <span className="rounded bg-zinc-900/5 px-1 font-mono text-[0.625rem] text-zinc-600 dark:bg-white/10 dark:text-zinc-300">
            {hit.method}
          </span>
        )}
        <span data-slot="hit-title">
          <Highlight parts={hit.title} />
        </span>
      </span>
      {hit.trail.length > 0 && (
        <span
          data-slot="hit-section"
          className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400"
        >
          {hit.trail.map((level, index) => (
            <span key={index}>
              {index > 0 && ' › '}
              <Highlight parts={level} />
            </span>
          ))}
        </span>
      )}
      {hit.snippet.length > 0 && (
        <span
          data-slot="hit-content"
          className="mt-1 line-clamp-2 block text-xs text-zinc-600 dark:text-zinc-400"
        >
          <Highlight parts={hit.snippet} />
        </span>
      )}
    </>
  );
}
