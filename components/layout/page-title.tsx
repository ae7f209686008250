import { CopyPageButton } from './copy-page-button';

type PageTitleProps = {
  title: string;
  /** The page's Markdown, for "Copy page". */ markdownHref: string;
};

/** A page's h1 with the "Copy page" button beside it (below it on narrow screens). */
export function PageTitle({ title, markdownHref }: PageTitleProps) {
  return (
    <div
      data-slot="page-title"
      // The row takes over the h1's bottom margin, which prose styles would otherwise keep.
      className="mb-8 flex flex-col items-start gap-3 sm:flex-row sm:justify-between sm:gap-4 [&>h1]:mb-0 [&>h1]:min-w-0"
    >
      <h1>{title}</h1>
      <CopyPageButton href={markdownHref} className="sm:mt-1.5" />
    </div>
  );
}
