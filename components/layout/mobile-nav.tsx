'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';

const focusable = 'a[href], button:not([disabled]), input, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside `container`. */
function trapTab(event: React.KeyboardEvent, container: HTMLElement) {
  if (event.key !== 'Tab') return;
  const items = Array.from(container.querySelectorAll<HTMLElement>(focusable)).filter(
    (item) => item.offsetParent !== null,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The menu toggle and the menu panel of small screens (SPEC 4, mobile navigation). */
export function MobileNav({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  // The path the menu was opened on: a completed route change (to a page or an error page)
  // leaves it behind, which closes the menu.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === pathname;
  const setOpen = useCallback((value: boolean) => setOpenedOn(value ? pathname : null), [pathname]);
  const dialog = useRef<HTMLDialogElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const close = () => setOpen(false);
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  }, [setOpen]);

  useEffect(() => {
    const panel = dialog.current;
    if (!panel) return;
    if (open && !panel.open) {
      panel.showModal();
      document.documentElement.style.overflow = 'hidden';
    }
    if (!open && panel.open) {
      panel.close();
    }
    if (!open) document.documentElement.style.overflow = '';
  }, [open]);

  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-label={open ? 'Close navigation' : 'Open navigation'}
        aria-expanded={open}
        aria-controls="mobile-navigation"
        onClick={() => setOpen(!open)}
        className="flex size-8 items-center justify-center rounded-md text-zinc-900 transition hover:bg-zinc-900/5 lg:hidden dark:text-white dark:hover:bg-white/5"
      >
        <MenuIcon className="size-5" />
      </button>
      <dialog
        ref={dialog}
        id="mobile-navigation"
        aria-label="Navigation"
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        onClose={() => {
          setOpen(false);
          toggle.current?.focus();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
        onKeyDown={(event) => trapTab(event, event.currentTarget)}
        className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-zinc-400/20 backdrop:backdrop-blur-sm lg:hidden dark:backdrop:bg-black/40"
      >
        <div className="h-full w-full max-w-xs overflow-y-auto bg-white px-4 pt-4 pb-8 shadow-lg ring-1 ring-zinc-900/10 sm:px-6 dark:bg-zinc-900 dark:ring-zinc-800">
          <div className="mb-6 flex justify-end">
            <button
              type="button"
              aria-label="Close navigation"
              onClick={() => setOpen(false)}
              className="flex size-8 items-center justify-center rounded-md text-zinc-900 transition hover:bg-zinc-900/5 dark:text-white dark:hover:bg-white/5"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          {open && children}
        </div>
      </dialog>
    </>
  );
}
