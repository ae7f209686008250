'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { MoonIcon, SunIcon } from '@/components/ui/icons';

const root = () => document.documentElement;

/** Re-renders when the `dark` class on <html> changes, whoever changed it. */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(root(), { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function applyTheme(dark: boolean) {
  root().classList.toggle('dark', dark);
  root().style.colorScheme = dark ? 'dark' : 'light';
}

/** Switches between light and dark, remembering the choice; follows the system until chosen. */
export function ThemeToggle() {
  // Unknown on the server, so the pressed state appears once the page is interactive.
  const dark = useSyncExternalStore(
    subscribe,
    () => root().classList.contains('dark'),
    () => null,
  );

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    function followSystem(event: MediaQueryListEvent) {
      if (!localStorage.getItem('theme')) applyTheme(event.matches);
    }
    media.addEventListener('change', followSystem);
    return () => media.removeEventListener('change', followSystem);
  }, []);

  return (
    <button
      type="button"
      aria-label="Dark theme"
      aria-pressed={dark ?? undefined}
      onClick={() => {
        const next = !root().classList.contains('dark');
        localStorage.setItem('theme', next ? 'dark' : 'light');
        applyTheme(next);
      }}
      className="flex size-8 items-center justify-center rounded-md text-zinc-900 transition hover:bg-zinc-900/5 dark:text-white dark:hover:bg-white/5"
    >
      <SunIcon className="size-5 dark:hidden" />
      <MoonIcon className="hidden size-5 dark:block" />
    </button>
  );
}
