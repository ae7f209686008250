import { SearchButton } from '@/components/search/search-button';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { topLevelLinks } from '@/lib/navigation';
import { HOME_ROUTE } from '@/lib/routes';
import { site } from '@/lib/site';
import { HeaderFrame } from './header-frame';
import { IntentLink } from './intent-link';
import { MobileNav } from './mobile-nav';
import { ThemeToggle } from './theme-toggle';

/** The top bar: menu toggle and logo (small screens), search, links, theme, dashboard. */
export function Header() {
  return (
    <HeaderFrame>
      <div data-slot="header-start">
        <MobileNav />
        <IntentLink href={HOME_ROUTE} aria-label={`${site.name} home`}>
          <Logo markOnly className="h-6 sm:hidden" />
          <Logo className="hidden h-6 sm:block" />
        </IntentLink>
      </div>
      <div data-slot="header-search">
        <SearchButton />
      </div>
      <div data-slot="header-end">
        <nav aria-label="Site">
          <ul role="list">
            {topLevelLinks.map((link) => (
              <li key={link.title}>
                <IntentLink href={link.href}>{link.title}</IntentLink>
              </li>
            ))}
          </ul>
        </nav>
        <div data-slot="header-divider" />
        <ThemeToggle />
        <a
          data-slot="dashboard-link"
          href={site.dashboardUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open Dashboard
          <Icon name="external" className="hidden size-3.5 sm:block" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </HeaderFrame>
  );
}
