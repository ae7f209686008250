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

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // The shortcut's modifier, pressed first, is the keyboard's sign of intent.
      if (event.key === 'Control' || event.key === 'Meta') void loadSearchCombobox();
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
      >
        <Icon name="search" className="size-5 lg:size-4" />
        <span className="sr-only lg:not-sr-only">Find something...</span>
        <kbd aria-hidden="true">
          <span className="platform-mac">⌘</span>
          <span className="platform-other">Ctrl </span>K
        </kbd>
      </button>
      {open && <SearchFrame onClose={close} />}
    </>
  );
}
