'use client';

import { createContext, useContext } from 'react';
import type { NavGroup } from '@/lib/navigation';

type Shell = {
  /** The menu, sent to the browser once and shared by the sidebar, mobile menu and footer. */
  menu: NavGroup[];
  /** The current page's section links, rendered by the page's own segment. */
  sections: React.ReactNode;
};

const ShellContext = createContext<Shell>({ menu: [], sections: null });

/** Shares the menu and the page's sections with the shell's interactive parts. */
export function ShellProvider({ children, ...shell }: Shell & { children: React.ReactNode }) {
  return <ShellContext value={shell}>{children}</ShellContext>;
}

/** The menu and the current page's sections. */
export function useShell(): Shell {
  return useContext(ShellContext);
}
