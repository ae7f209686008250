import { PencilIcon } from '@/components/ui/icons';
import { humanDate } from '@/lib/dates';
import type { PageSource } from '@/lib/page-source';

/** "Edit this page" in the repository and, when git knows it, the date of the last change. */
export function PageSourceLinks({ source }: { source: PageSource }) {
  return (
    <div
      data-slot="page-source"
      className="not-prose mt-12 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-t border-zinc-900/5 pt-6 text-sm text-zinc-600 dark:border-white/5 dark:text-zinc-400"
    >
      <a
        href={source.editUrl}
        className="inline-flex items-center gap-1.5 font-medium transition hover:text-zinc-900 dark:hover:text-white"
      >
        <PencilIcon className="size-4" />
        Edit this page
      </a>
      {source.updatedAt && (
        <p>
          Last updated <time dateTime={source.updatedAt}>{humanDate(source.updatedAt)}</time>
        </p>
      )}
    </div>
  );
}
