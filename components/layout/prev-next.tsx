import Link from 'next/link';
import { ArrowLeftIcon, ArrowRightIcon } from '@/components/ui/icons';
import { navigation, prevNext } from '@/lib/navigation';

/** Links to the previous and next pages of the menu, shown only for paths the menu holds. */
export function PrevNext({ path }: { path: string | null }) {
  const { previous, next } = path ? prevNext(navigation, path) : { previous: null, next: null };
  if (!previous && !next) return null;
  return (
    <nav aria-label="Previous and next pages" className="flex">
      {previous && (
        <Link href={previous.href} rel="prev" className="group flex flex-col gap-1">
          <span className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
            <ArrowLeftIcon className="size-4" />
            Previous
          </span>
          <span className="text-sm font-semibold text-zinc-900 group-hover:text-emerald-700 dark:text-white dark:group-hover:text-emerald-400">
            {previous.title}
          </span>
        </Link>
      )}
      {next && (
        <Link href={next.href} rel="next" className="group ml-auto flex flex-col items-end gap-1">
          <span className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
            Next
            <ArrowRightIcon className="size-4" />
          </span>
          <span className="text-sm font-semibold text-zinc-900 group-hover:text-emerald-700 dark:text-white dark:group-hover:text-emerald-400">
            {next.title}
          </span>
        </Link>
      )}
    </nav>
  );
}
