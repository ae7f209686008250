'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { searchProviderName } from '@/lib/search/site-target';
import { SearchField } from './search-field';

/** Fetches the autocomplete code: on open, and earlier on intent (pointer, focus, Ctrl or ⌘). */
export const loadSearchCombobox = () => import('./search-combobox');
type SearchCombobox = Awaited<ReturnType<typeof loadSearchCombobox>>['SearchCombobox'];

type SearchFrameProps = {
  onClose: () => void;
  /** The keys typed after the shortcut that opened the dialog, before its input had focus. */
  initialQuery: string;
};

/**
 * The search dialog (SPEC 2.5), modal: the page behind is inert and Tab stays inside. Its frame
 * and input appear in the same task as the shortcut or click, so no key typed after it is lost;
 * what is typed before the autocomplete code arrives is kept here and handed to it.
 */
export function SearchFrame({ onClose, initialQuery }: SearchFrameProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const earlyInput = useRef<HTMLInputElement>(null);
  const pathname = usePathname();
  const openedOn = useRef(pathname);
  const pressedOutside = useRef(false);
  const [typed, setTyped] = useState(initialQuery);
  const [Combobox, setCombobox] = useState<SearchCombobox | null>(null);

  useLayoutEffect(() => {
    dialog.current?.showModal();
    earlyInput.current?.focus();
  }, []);

  useEffect(() => {
    let mounted = true;
    void loadSearchCombobox().then((module) => {
      if (mounted) setCombobox(() => module.SearchCombobox);
    });
    return () => {
      mounted = false;
    };
  }, []);

  // Back and Forward leave the place the dialog was opened on, even for a section of the same page.
  useEffect(() => {
    window.addEventListener('hashchange', onClose);
    window.addEventListener('popstate', onClose);
    return () => {
      window.removeEventListener('hashchange', onClose);
      window.removeEventListener('popstate', onClose);
    };
  }, [onClose]);

  useEffect(() => {
    if (pathname !== openedOn.current) onClose();
  }, [pathname, onClose]);

  return (
    <dialog
      ref={dialog}
      aria-label="Search"
      data-slot="search-dialog"
      onClose={onClose}
      // Its input is its only control: Tab and Shift+Tab keep focus there, not on the page
      // or the browser's own UI, where focus goes past a modal dialog's last control.
      onKeyDown={(event) => {
        if (event.key === 'Tab') event.preventDefault();
      }}
      // Only a press and a release both outside the content close it: not a press inside that
      // ends outside (a drag, or a panel that collapsed under the pointer).
      onPointerDown={(event) => {
        pressedOutside.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOutside.current && event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-zinc-400/25 backdrop:backdrop-blur-sm sm:px-6 sm:py-20 md:py-32 dark:backdrop:bg-black/40"
    >
      <div
        data-slot="search-frame"
        // A press on the frame's own text keeps focus, and so the open panel, in the input.
        onMouseDown={(event) => {
          if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
        }}
        className="mx-auto w-full overflow-hidden bg-zinc-50 shadow-xl ring-1 ring-zinc-900/7.5 sm:max-w-xl sm:rounded-lg dark:bg-zinc-900 dark:ring-zinc-800"
      >
        {Combobox ? (
          <Combobox initialQuery={typed} onClose={onClose} />
        ) : (
          <SearchField
            form={{ onSubmit: (event) => event.preventDefault() }}
            input={{
              ref: earlyInput,
              value: typed,
              onChange: (event) => setTyped(event.target.value),
              onKeyDown: (event) => {
                // Escape clears the query, then closes the dialog, as it does once loaded.
                if (event.key !== 'Escape') return;
                event.preventDefault();
                if (typed) setTyped('');
                else onClose();
              },
            }}
          />
        )}
        <p className="border-t border-zinc-900/5 px-4 py-2 text-right text-xs text-zinc-500 dark:border-white/5 dark:text-zinc-400">
          Search by {searchProviderName}
        </p>
      </div>
    </dialog>
  );
}
