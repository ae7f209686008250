import { IntentLink } from '@/components/layout/intent-link';
import type { Guide } from '@/lib/guides/model';
import { guideRoute } from '@/lib/routes';
import { GuideImage } from './guide-image';

/** A guide's card: its picture, title and summary, linking to the guide. */
export function GuideCard({ guide }: { guide: Guide }) {
  return (
    <li data-slot="guide-card">
      {guide.image && (
        <GuideImage
          image={guide.image}
          sizes="(min-width: 1280px) 20rem, (min-width: 640px) 45vw, 100vw"
        />
      )}
      <div>
        <h3>
          <IntentLink href={guideRoute(guide.slug)}>{guide.title}</IntentLink>
        </h3>
        <p>{guide.summary}</p>
      </div>
    </li>
  );
}
