import { StructuredData } from '@/components/seo/structured-data';
import { groupOf, navigation } from '@/lib/navigation';
import type { PageSource } from '@/lib/page-source';
import { docsPageInfo } from '@/lib/seo/page-info';
import { markdownPath } from '@/lib/seo/urls';
import type { Page } from '@/lib/source';
import { PageSourceLinks } from './page-source-links';
import { PageTitle } from './page-title';

type DocsPageProps = {
  page: Page;
  /** Where the page is edited and when it changed; null when it has no file here. */
  source: PageSource | null;
  /** Shown after the body, e.g. guide cards. */ children?: React.ReactNode;
};

/** A documentation page: its group eyebrow, title, lead, MDX body and source links. */
export function DocsPage({ page, source, children }: DocsPageProps) {
  const group = groupOf(navigation, page.route);
  const info = docsPageInfo(page.route, page);
  return (
    <article className="mx-auto prose max-w-2xl pt-12 pb-10 lg:max-w-5xl dark:prose-invert">
      <StructuredData page={info} dateModified={source?.updatedAt ?? null} />
      <header className="max-w-2xl">
        {group && (
          <p className="mb-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
            {group.title}
          </p>
        )}
        <PageTitle title={page.title} markdownHref={markdownPath(page.route)} />
        <p className="lead">{page.description}</p>
      </header>
      {page.content}
      {children}
      {source && <PageSourceLinks source={source} />}
    </article>
  );
}
