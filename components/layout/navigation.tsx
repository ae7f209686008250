import Link from 'next/link';
import type { Section } from '@/lib/mdx/sections';
import { navigation, topLevelLinks } from '@/lib/navigation';
import { site } from '@/lib/site';
import { ActivePageLinks } from './active-page-links';

type NavigationProps = { path: string | null; sections: Section[]; className?: string };

/** The side menu: top-level links (small screens), every group, and the current page's sections. */
export function Navigation({ path, sections, className }: NavigationProps) {
  return (
    <nav aria-label="Documentation" className={className}>
      <ul role="list" className="lg:hidden">
        {topLevelLinks.map((link) => (
          <li key={link.title}>
            <Link
              href={link.href}
              className="block py-1 text-sm text-zinc-600 transition hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
            >
              {link.title}
            </Link>
          </li>
        ))}
      </ul>
      <ul role="list">
        {navigation.map((group) => (
          <li key={group.title} className="mt-6 lg:first:mt-0">
            <h2 className="text-xs font-semibold text-zinc-900 dark:text-white">{group.title}</h2>
            <ul
              role="list"
              className="mt-3 border-l border-zinc-900/10 dark:border-white/10"
              aria-label={group.title}
            >
              {group.links.map((link) => (
                <li key={link.href}>
                  {link.href === path ? (
                    <ActivePageLinks
                      link={link}
                      sections={sections.filter((s) => s.tag === 'h2')}
                    />
                  ) : (
                    <Link href={link.href} className="nav-link">
                      {link.title}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <a
        href={site.signInUrl}
        className="mt-8 flex w-full justify-center rounded-full bg-zinc-900 px-3 py-2 text-sm font-medium text-white transition hover:bg-zinc-700 lg:hidden dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-1 dark:ring-emerald-400/20 dark:hover:bg-emerald-400/15"
      >
        Sign in
      </a>
    </nav>
  );
}
