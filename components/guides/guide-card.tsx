import Link from 'next/link';
import type { Guide } from '@/lib/guides/model';
import { GuideImage } from './guide-image';

/** A guide's card: its picture, title and summary, linking to the guide. */
export function GuideCard({ guide }: { guide: Guide }) {
  return (
    <li
      data-slot="guide-card"
      className="relative m-0 flex flex-col overflow-hidden rounded-2xl border border-zinc-900/10 p-0 transition hover:border-emerald-600/40 hover:shadow-md dark:border-white/10 dark:hover:border-emerald-400/40"
    >
      {guide.image && (
        <GuideImage
          image={guide.image}
          sizes="(min-width: 1280px) 20rem, (min-width: 640px) 45vw, 100vw"
          className="m-0 aspect-[1200/630] w-full border-b border-zinc-900/5 bg-zinc-50 object-cover dark:border-white/5 dark:bg-white/2.5"
        />
      )}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="m-0 text-sm font-semibold text-zinc-900 dark:text-white">
          <Link
            href={`/guides/${guide.slug}`}
            className="no-underline after:absolute after:inset-0"
          >
            {guide.title}
          </Link>
        </h3>
        <p className="m-0 text-sm text-zinc-600 dark:text-zinc-400">{guide.summary}</p>
      </div>
    </li>
  );
}
