'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Icon } from '@/components/ui/icon';
import { loadSearchCombobox, SearchFrame } from './search-frame';
import { listenForSearchShortcut } from './shortcut-script';
import {
  SEARCH_SHORTCUT_EVENT,
  SEARCH_SHORTCUT_READY_EVENT,
  type SearchShortcut,
} from '@/lib/inline-scripts/search-shortcut-events';

/** The top bar's search button; Cmd/Ctrl+K or "/" also open the dialog (shortcut-script.ts). */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  // What the dialog opens with: the keys typed after a shortcut before its input had focus.
  const [initialQuery, setInitialQuery] = useState('');
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

  useEffect(() => {
    function onShortcut(event: Event) {
      const shortcut = (event as CustomEvent<SearchShortcut>).detail;
      // The shortcut's modifier, pressed first, is the keyboard's sign of intent.
      if (shortcut === 'warm') return void loadSearchCombobox();
      // Taken and focused in one task: no key falls between the script and the input.
      flushSync(() => {
        setInitialQuery(shortcut());
        setOpen(true);
      });
    }
    listenForSearchShortcut();
    window.addEventListener(SEARCH_SHORTCUT_EVENT, onShortcut);
    window.dispatchEvent(new Event(SEARCH_SHORTCUT_READY_EVENT));
    return () => window.removeEventListener(SEARCH_SHORTCUT_EVENT, onShortcut);
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
        onClick={() => {
          setInitialQuery('');
          setOpen(true);
        }}
      >
        <Icon name="search" className="size-5 lg:size-4" />
        <span className="sr-only lg:not-sr-only">Find something...</span>
        <kbd aria-hidden="true">
          <span className="platform-mac">⌘</span>
          <span className="platform-other">Ctrl </span>K
        </kbd>
      </button>
      {open && <SearchFrame onClose={close} initialQuery={initialQuery} />}
    </>
  );
}
