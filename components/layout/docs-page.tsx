import { notFound } from 'next/navigation';
import { ArticleBody } from '@/components/article/article-body';
import { CategoryLink } from '@/components/guides/category-link';
import { StructuredData } from '@/components/seo/structured-data';
import { handOver } from '@kestrelpay/article-handoff';
import { articleHtml } from '@/lib/article/render';
import { pageHistory } from '@/lib/page-history';
import { articleRoute, markdownRoute } from '@/lib/routes';
import { source, type Page } from '@/lib/source';
import { GroupEyebrow } from './group-eyebrow';
import { PageHistoryLinks } from './page-history-links';
import { PageTitle } from './page-title';

type DocsPageProps = {
  route: string;
  /** Whether this route may show the page found there (e.g. guides only under /guides/). */
  shows: (page: Page) => boolean;
  /** Shown after the body, e.g. guide cards. */
  children?: React.ReactNode;
};

/**
 * The page at `route` (or the 404 page): its group, or the way back to a guide's category, its
 * title with "Copy page", lead, body, and where to edit it.
 */
export async function DocsPage({ route, shows, children }: DocsPageProps) {
  const [page, html] = await Promise.all([source.page(route), articleHtml(route)]);
  if (!page || html === null || !shows(page)) notFound();
  const history = await pageHistory(page.file);
  return (
    <article className="mx-auto prose max-w-2xl pt-12 pb-10 lg:max-w-5xl dark:prose-invert">
      <StructuredData page={page} dateModified={history?.updatedAt ?? null} />
      <header className="max-w-2xl">
        {page.guide ? (
          <CategoryLink category={page.section} />
        ) : (
          <GroupEyebrow group={page.group} />
        )}
        <PageTitle title={page.title} markdownHref={markdownRoute(page.route)} />
        <p className="lead">{page.description}</p>
      </header>
      {/* Keyed by page, so a client navigation mounts a fresh body that loads its own. */}
      <ArticleBody key={page.route} article={handOver(html)} src={articleRoute(page.route)} />
      {children}
      {history && <PageHistoryLinks history={history} />}
    </article>
  );
}
