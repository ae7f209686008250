import { CopyPageButton } from './copy-page-button';

type PageTitleProps = {
  title: string;
  /** The page's Markdown, for "Copy page". */ markdownHref: string;
};

/** A page's h1 with the "Copy page" button beside it (below it on narrow screens). */
export function PageTitle({ title, markdownHref }: PageTitleProps) {
  return (
    <div data-slot="page-title">
      <h1>{title}</h1>
      <CopyPageButton href={markdownHref} />
    </div>
  );
}
