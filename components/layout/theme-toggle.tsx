'use client';

import { useEffect, useState } from 'react';
import { MoonIcon, SunIcon } from '@/components/ui/icons';

/** Switches between light and dark, remembering the choice; follows the system until chosen. */
export function ThemeToggle() {
  const [dark, setDark] = useState<boolean | null>(null);

  useEffect(() => {
    setDark(document.documentElement.classList.contains('dark'));
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    function followSystem(event: MediaQueryListEvent) {
      if (localStorage.getItem('theme')) return;
      applyTheme(event.matches);
      setDark(event.matches);
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
        const next = !document.documentElement.classList.contains('dark');
        localStorage.setItem('theme', next ? 'dark' : 'light');
        applyTheme(next);
        setDark(next);
      }}
      className="flex size-8 items-center justify-center rounded-md text-zinc-900 transition hover:bg-zinc-900/5 dark:text-white dark:hover:bg-white/5"
    >
      <SunIcon className="size-5 dark:hidden" />
      <MoonIcon className="hidden size-5 dark:block" />
    </button>
  );
}

function applyTheme(dark: boolean) {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}
