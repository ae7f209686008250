import type { Page } from '@/lib/source';
import { groupOf, navigation } from '@/lib/navigation';

type DocsPageProps = {
  page: Page;
  /** Shown after the body, e.g. guide cards. */ children?: React.ReactNode;
};

/** A documentation page: its group eyebrow, title, lead and MDX body. */
export function DocsPage({ page, children }: DocsPageProps) {
  const group = groupOf(navigation, page.route);
  return (
    <article className="mx-auto prose max-w-2xl pt-12 pb-10 lg:max-w-5xl dark:prose-invert">
      <header className="max-w-2xl">
        {group && (
          <p className="mb-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
            {group.title}
          </p>
        )}
        <h1 className="mt-0">{page.title}</h1>
        <p className="lead">{page.description}</p>
      </header>
      {page.content}
      {children}
    </article>
  );
}
