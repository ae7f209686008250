'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { revealActiveEntry } from './active-entry';
import { SideNavigation } from './side-navigation';

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
  // Focus on the panel itself, where it starts, is before the first item and after the last.
  const onPanel = !items.includes(document.activeElement as HTMLElement);
  if (event.shiftKey && (onPanel || document.activeElement === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (onPanel || document.activeElement === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The menu toggle and the menu panel of small screens (SPEC 4, mobile navigation). The panel's
 * menu is rendered only while it is open, from the same data as the sidebar's.
 */
export function MobileNav() {
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
      // Opens on the current page's entry, as the sidebar shows it; only now is there a layout.
      const current = panel.querySelector<HTMLElement>('a[aria-current="page"]');
      if (current) revealActiveEntry(current);
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
        data-slot="icon-button"
        className="lg:hidden"
      >
        <Icon name="menu" />
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
        data-slot="mobile-navigation"
      >
        <div>
          <div>
            <button
              type="button"
              aria-label="Close navigation"
              onClick={() => setOpen(false)}
              data-slot="icon-button"
            >
              <Icon name="close" />
            </button>
          </div>
          {open && <SideNavigation />}
        </div>
      </dialog>
    </>
  );
}
