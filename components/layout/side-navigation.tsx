'use client';

import { usePathname } from 'next/navigation';
import { createContext, useEffect, useRef, useState } from 'react';
import { topLevelLinks } from '@/lib/navigation';
import { site } from '@/lib/site';
import { revealActiveEntry } from './active-entry';
import { IntentLink } from './intent-link';
import { useShell } from './shell-context';

/** Lets the page's section links report which section is in view, for the page link's marker. */
export const SectionInViewReport = createContext<((id: string | null) => void) | null>(null);

/** The side menu: top-level links (small screens), every group, and the current page's sections. */
export function SideNavigation() {
  const { menu, sections } = useShell();
  const pathname = usePathname();
  const [sectionInView, setSectionInView] = useState<string | null>(null);
  const activeLink = useRef<HTMLAnchorElement>(null);

  // A long menu shows the current page and its sections rather than its own top.
  useEffect(() => {
    if (activeLink.current) revealActiveEntry(activeLink.current);
  }, [pathname]);

  return (
    <nav aria-label="Documentation">
      <ul role="list" data-slot="top-links">
        {topLevelLinks.map((link) => (
          <li key={link.title}>
            <IntentLink href={link.href}>{link.title}</IntentLink>
          </li>
        ))}
      </ul>
      <ul role="list" data-slot="menu-groups">
        {menu.map((group) => (
          <li key={group.title}>
            <h2>{group.title}</h2>
            <ul role="list" aria-label={group.title}>
              {group.links.map((link) =>
                link.href === pathname ? (
                  <li key={link.href}>
                    <IntentLink
                      ref={activeLink}
                      href={link.href}
                      aria-current="page"
                      data-marker={sectionInView === null ? '' : undefined}
                      className="nav-link nav-link-active"
                    >
                      {link.title}
                    </IntentLink>
                    <SectionInViewReport value={setSectionInView}>{sections}</SectionInViewReport>
                  </li>
                ) : (
                  <li key={link.href}>
                    <IntentLink href={link.href} className="nav-link">
                      {link.title}
                    </IntentLink>
                  </li>
                ),
              )}
            </ul>
          </li>
        ))}
      </ul>
      <a href={site.signInUrl} data-slot="sign-in">
        Sign in
      </a>
    </nav>
  );
}
