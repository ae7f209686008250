import type { Guide } from '@/lib/guides/model';
import { GuideCard } from './guide-card';

type GuideListProps = { id: string; title: string; guides: Guide[]; empty: string };

/** A titled section of guide cards, or a friendly line when there are none. */
export function GuideList({ id, title, guides, empty }: GuideListProps) {
  return (
    <section aria-labelledby={id} data-slot="guide-list" className="not-prose mt-16 max-w-none">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">
        <a href={`#${id}`}>{title}</a>
      </h2>
      {guides.length ? (
        <ul
          role="list"
          className="mt-6 grid list-none grid-cols-1 gap-6 p-0 sm:grid-cols-2 xl:grid-cols-3"
        >
          {guides.map((guide) => (
            <GuideCard key={guide.id} guide={guide} />
          ))}
        </ul>
      ) : (
        <p
          data-slot="guide-list-empty"
          className="mt-4 rounded-2xl border border-dashed border-zinc-900/15 p-6 text-sm text-zinc-600 dark:border-white/15 dark:text-zinc-400"
        >
          {empty}
        </p>
      )}
    </section>
  );
}
