import Link from 'next/link';
import { ArrowLeftIcon } from '@/components/ui/icons';
import type { GuideWithBody } from '@/lib/guides/model';
import { flatten, navigation } from '@/lib/navigation';
import { GuideImage } from './guide-image';

type GuideArticleProps = { guide: GuideWithBody; content: React.ReactNode };

/** A guide: a link back to its category, its title, summary, picture and body. */
export function GuideArticle({ guide, content }: GuideArticleProps) {
  const categoryHref = `/categories/${guide.category}`;
  const category = flatten(navigation).find((link) => link.href === categoryHref);
  return (
    <article className="mx-auto prose max-w-2xl pt-12 pb-10 lg:max-w-5xl dark:prose-invert">
      <header className="max-w-2xl">
        <p className="mb-2 text-sm font-semibold">
          <Link
            href={categoryHref}
            className="inline-flex items-center gap-1 text-emerald-700 no-underline hover:underline dark:text-emerald-400"
          >
            <ArrowLeftIcon className="size-4" />
            {category?.title ?? 'Guides'}
          </Link>
        </p>
        <h1 className="mt-0">{guide.title}</h1>
        <p className="lead">{guide.summary}</p>
        {guide.image && (
          <GuideImage
            image={guide.image}
            priority
            sizes="(min-width: 1024px) 42rem, 100vw"
            className="rounded-2xl border border-zinc-900/10 dark:border-white/10"
          />
        )}
      </header>
      {content}
    </article>
  );
}
