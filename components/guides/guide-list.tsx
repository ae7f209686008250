import type { Guide } from '@/lib/guides/model';
import { GuideCard } from './guide-card';

type GuideListProps = { id: string; title: string; guides: Guide[]; empty: string };

/** A titled section of guide cards, or a friendly line when there are none. */
export function GuideList({ id, title, guides, empty }: GuideListProps) {
  return (
    <section aria-labelledby={id} data-slot="guide-list" className="not-prose">
      <h2 id={id}>
        <a href={`#${id}`}>{title}</a>
      </h2>
      {guides.length ? (
        <ul role="list">
          {guides.map((guide) => (
            <GuideCard key={guide.id} guide={guide} />
          ))}
        </ul>
      ) : (
        <p data-slot="guide-list-empty">{empty}</p>
      )}
    </section>
  );
}
