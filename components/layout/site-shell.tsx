'use client';

import { Logo } from '@/components/ui/logo';
import type { NavGroup } from '@/lib/navigation';
import { HOME_ROUTE } from '@/lib/routes';
import { site } from '@/lib/site';
import { sidebarScript } from '@/lib/inline-scripts';
import { Footer } from './footer';
import { Header } from './header';
import { IntentLink } from './intent-link';
import { useNewPageStartsAtTop } from './page-scroll';
import { useSectionEntriesInHistory } from './section-entries';
import { ShellProvider } from './shell-context';
import { SideNavigation } from './side-navigation';

type SiteShellProps = {
  menu: NavGroup[];
  /** The current page's section links (the root layout's `sections` slot). */
  sections: React.ReactNode;
  children: React.ReactNode;
};

/**
 * The site shell around every page and the 404 page: sidebar, top bar, main content and footer.
 * It is a client component on purpose: the root layout renders it once more around the 404
 * fallback that every page carries, and as a client component each copy is a reference to its
 * cached script plus the menu data, sent once, rather than the shell's whole markup again.
 */
export function SiteShell({ menu, sections, children }: SiteShellProps) {
  useSectionEntriesInHistory();
  useNewPageStartsAtTop();
  return (
    <ShellProvider menu={menu} sections={sections}>
      <div data-slot="shell-root">
        <div data-slot="shell">
          <aside data-slot="sidebar">
            <IntentLink href={HOME_ROUTE} aria-label={`${site.name} home`}>
              <Logo className="h-6" />
            </IntentLink>
            <p>{site.tagline}</p>
            <SideNavigation />
          </aside>
          <script dangerouslySetInnerHTML={{ __html: sidebarScript }} />
          <Header />
          <div data-slot="page-frame">
            <main id="content" tabIndex={-1}>
              {children}
            </main>
            <Footer />
          </div>
        </div>
      </div>
    </ShellProvider>
  );
}
