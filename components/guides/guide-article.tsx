import Link from 'next/link';
import { PageSourceLinks } from '@/components/layout/page-source-links';
import { PageTitle } from '@/components/layout/page-title';
import { StructuredData } from '@/components/seo/structured-data';
import { ArrowLeftIcon } from '@/components/ui/icons';
import type { GuideWithBody } from '@/lib/guides/model';
import type { PageSource } from '@/lib/page-source';
import { guidePageInfo } from '@/lib/seo/page-info';
import { markdownPath } from '@/lib/seo/urls';
import { GuideImage } from './guide-image';

type GuideArticleProps = {
  guide: GuideWithBody;
  content: React.ReactNode;
  /** Where a local guide is edited and when it changed; null for CMS guides. */
  source: PageSource | null;
};

/** A guide: a link back to its category, its title, summary, picture, body and source links. */
export function GuideArticle({ guide, content, source }: GuideArticleProps) {
  const info = guidePageInfo(guide);
  return (
    <article className="mx-auto prose max-w-2xl pt-12 pb-10 lg:max-w-5xl dark:prose-invert">
      <StructuredData page={info} dateModified={source?.updatedAt ?? null} />
      <header className="max-w-2xl">
        <p className="mb-2 text-sm font-semibold">
          <Link
            href={info.section.href}
            className="inline-flex items-center gap-1 text-emerald-700 no-underline hover:underline dark:text-emerald-400"
          >
            <ArrowLeftIcon className="size-4" />
            {info.section.title}
          </Link>
        </p>
        <PageTitle title={guide.title} markdownHref={markdownPath(info.route)} />
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
      {source && <PageSourceLinks source={source} />}
    </article>
  );
}
