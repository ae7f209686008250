'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { SearchIcon } from '@/components/ui/icons';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/site';

/** The search dialog frame: opens modal, closes on Escape, outside click, route or hash change. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pathname = usePathname();
  const openedOn = useRef(pathname);

  useEffect(() => {
    dialog.current?.showModal();
    window.addEventListener('hashchange', onClose);
    return () => window.removeEventListener('hashchange', onClose);
  }, [onClose]);

  useEffect(() => {
    if (pathname !== openedOn.current) onClose();
  }, [pathname, onClose]);

  return (
    <dialog
      ref={dialog}
      aria-label="Search"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-zinc-400/25 backdrop:backdrop-blur-sm sm:px-6 sm:py-20 md:py-32 dark:backdrop:bg-black/40"
      data-slot="search-dialog"
    >
      <div className="mx-auto w-full overflow-hidden bg-zinc-50 shadow-xl ring-1 ring-zinc-900/7.5 sm:max-w-xl sm:rounded-lg dark:bg-zinc-900 dark:ring-zinc-800">
        <form role="search" onSubmit={(event) => event.preventDefault()} className="relative">
          <SearchIcon className="pointer-events-none absolute top-0 left-3 h-full w-5 stroke-zinc-500" />
          <input
            type="search"
            aria-label="Search documentation"
            placeholder="Find something..."
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            autoFocus
            className="h-12 w-full bg-transparent pr-4 pl-10 text-sm text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-white"
          />
        </form>
      </div>
    </dialog>
  );
}
