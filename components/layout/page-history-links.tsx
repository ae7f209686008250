import { Icon } from '@/components/ui/icon';
import { humanDate } from '@/lib/dates';
import type { PageHistory } from '@/lib/page-history';

/** "Edit this page" in the repository and, when git knows it, the date of the last change. */
export function PageHistoryLinks({ history }: { history: PageHistory }) {
  return (
    <div data-slot="page-history" className="not-prose">
      <a href={history.editUrl}>
        <Icon name="pencil" className="size-4" />
        Edit this page
      </a>
      {history.updatedAt && (
        <p>
          Last updated <time dateTime={history.updatedAt}>{humanDate(history.updatedAt)}</time>
        </p>
      )}
    </div>
  );
}
