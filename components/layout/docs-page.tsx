import { ArticleBody } from '@/components/article/article-body';
import { handOver } from '@/lib/article/handoff';
import { StructuredData } from '@/components/seo/structured-data';
import type { PageHistory } from '@/lib/page-history';
import { articleRoute, markdownRoute } from '@/lib/routes';
import type { Page } from '@/lib/source';
import { PageHistoryLinks } from './page-history-links';
import { PageTitle } from './page-title';

type DocsPageProps = {
  page: Page;
  /** The page's body as HTML. */
  html: string;
  /** Where the page is edited and when it changed; null when it has no file here. */
  history: PageHistory | null;
  /** Shown at the top, above the title: the group or the way back to a guide's category. */
  eyebrow: React.ReactNode;
  /** Shown after the body, e.g. guide cards. */
  children?: React.ReactNode;
};

/** A page: its eyebrow, title with "Copy page", lead, body, and where to edit it. */
export function DocsPage({ page, html, history, eyebrow, children }: DocsPageProps) {
  return (
    <article className="mx-auto prose max-w-2xl pt-12 pb-10 lg:max-w-5xl dark:prose-invert">
      <StructuredData page={page} dateModified={history?.updatedAt ?? null} />
      <header className="max-w-2xl">
        {eyebrow}
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
