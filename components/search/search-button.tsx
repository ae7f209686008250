'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { loadSearchCombobox, SearchFrame } from './search-frame';

/** True when a key press is aimed at a text field rather than the page. */
function isTyping(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Fetches the autocomplete code once the browser is idle, unless the reader saves data. */
function warmWhenIdle(): () => void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  const warm = () => void loadSearchCombobox();
  // Safari has no requestIdleCallback: a timer stands in for it there.
  const requestIdle = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
  if (requestIdle) {
    const id = requestIdle(warm, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(warm, 2000);
  return () => window.clearTimeout(id);
}

/** The top bar's search button; Cmd/Ctrl+K or "/" also open the dialog. */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);

  // Focus goes back to the button once the dialog has left the page.
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    button.current?.focus();
  }, [open]);

  useEffect(warmWhenIdle, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const shortcut = event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey);
      const slash = event.key === '/' && !isTyping(event.target);
      if (!shortcut && !slash) return;
      event.preventDefault();
      setOpen(true);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const warm = () => void loadSearchCombobox();
  return (
    <>
      <button
        ref={button}
        type="button"
        data-slot="search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Meta+K Control+K"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => setOpen(true)}
        className="flex size-8 items-center justify-center rounded-md text-zinc-900 transition hover:bg-zinc-900/5 lg:h-8 lg:w-full lg:max-w-sm lg:justify-start lg:gap-2 lg:rounded-full lg:bg-white lg:pr-3 lg:pl-2 lg:text-sm lg:text-zinc-600 lg:ring-1 lg:ring-zinc-900/10 lg:hover:ring-zinc-900/20 dark:text-white dark:hover:bg-white/5 lg:dark:bg-white/5 lg:dark:text-zinc-400 lg:dark:ring-white/10 lg:dark:hover:ring-white/20"
      >
        <Icon name="search" className="size-5 lg:size-4" />
        <span className="sr-only lg:not-sr-only">Find something...</span>
        <kbd
          aria-hidden="true"
          className="ml-auto hidden font-sans text-xs text-zinc-500 lg:block dark:text-zinc-400"
        >
          <span className="platform-mac">⌘</span>
          <span className="platform-other">Ctrl </span>K
        </kbd>
      </button>
      {open && <SearchFrame onClose={close} />}
    </>
  );
}
