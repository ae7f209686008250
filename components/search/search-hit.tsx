import type { HitView } from '@/lib/search/hit-view';
import { Highlight } from './highlight';

const badge =
  'shrink-0 rounded bg-zinc-900/5 px-1 py-px text-[0.625rem] font-medium text-zinc-600 dark:bg-white/10 dark:text-zinc-300';

/**
 * One result: what it is and its headline (a code, event or field by its name, anything else
 * by its page title), where it is in the docs, and the match; each only when the hit has it.
 */
export function SearchHit({ hit }: { hit: HitView }) {
  // A named hit reads by its name; its page title then leads the line of where it is.
  const trail = hit.name
    ? [hit.title, ...hit.trail].filter((level) => level.length > 0)
    : hit.trail;
  return (
    <>
      <span className="flex min-w-0 items-center gap-2 text-sm font-medium text-zinc-900 dark:text-white">
        {hit.method && <span className={`${badge} font-mono`}>{hit.method}</span>}
        {hit.label && (
          <span data-slot="hit-type" className={badge}>
            {hit.label}
          </span>
        )}
        {hit.name ? (
          <span
            data-slot="hit-name"
            className={
              hit.nameIsCode ? 'min-w-0 font-mono text-[0.8125rem] break-words' : undefined
            }
          >
            <Highlight parts={hit.name} code={hit.nameIsCode} />
          </span>
        ) : (
          <span data-slot="hit-title">
            <Highlight parts={hit.title} />
          </span>
        )}
      </span>
      {trail.length > 0 && (
        <span
          data-slot="hit-section"
          className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400"
        >
          {trail.map((level, index) => (
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
