import Link from 'next/link';
import { SearchButton } from '@/components/search/search-button';
import { ExternalIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { topLevelLinks } from '@/lib/navigation';
import { site } from '@/lib/site';
import { HeaderFrame } from './header-frame';
import { MobileNav } from './mobile-nav';
import { ThemeToggle } from './theme-toggle';

/** The top bar: menu toggle and logo (small screens), search, links, theme, dashboard. */
export function Header({ mobileNavigation }: { mobileNavigation: React.ReactNode }) {
  return (
    <HeaderFrame>
      <div className="flex items-center gap-3 lg:hidden">
        <MobileNav>{mobileNavigation}</MobileNav>
        <Link href="/" aria-label={`${site.name} home`}>
          <Logo markOnly className="h-6 sm:hidden" />
          <Logo className="hidden h-6 sm:block" />
        </Link>
      </div>
      <div className="flex flex-1 justify-end pr-1 lg:justify-start lg:pr-0">
        <SearchButton />
      </div>
      <div className="flex items-center gap-3 lg:gap-5">
        <nav aria-label="Site" className="hidden lg:block">
          <ul role="list" className="flex items-center gap-6">
            {topLevelLinks.map((link) => (
              <li key={link.title}>
                <Link
                  href={link.href}
                  className="text-sm text-zinc-600 transition hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
                >
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden h-5 w-px bg-zinc-900/10 lg:block dark:bg-white/15" />
        <ThemeToggle />
        <a
          href={site.dashboardUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded-full bg-zinc-900 px-3 py-1 text-sm font-medium whitespace-nowrap text-white transition hover:bg-zinc-700 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-1 dark:ring-emerald-400/20 dark:hover:bg-emerald-400/15"
        >
          Open Dashboard
          <ExternalIcon className="hidden size-3.5 sm:block" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </HeaderFrame>
  );
}
