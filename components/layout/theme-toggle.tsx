'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { Icon } from '@/components/ui/icon';
import { site } from '@/lib/site';

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
      if (!localStorage.getItem(site.storageKeys.theme)) applyTheme(event.matches);
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
        localStorage.setItem(site.storageKeys.theme, next ? 'dark' : 'light');
        applyTheme(next);
      }}
      data-slot="icon-button"
    >
      <Icon name="sun" className="dark:hidden" />
      <Icon name="moon" className="hidden dark:block" />
    </button>
  );
}
