import type { Metadata } from 'next';
import Link from 'next/link';
import { DocsLayout } from '@/components/layout/docs-layout';
import { flatten, navigation } from '@/lib/navigation';
import { getFrontmatter } from '@/lib/source';
import { pageTitle } from '@/lib/titles';

export const metadata: Metadata = {
  title: pageTitle('Page not found'),
  description: 'The page you were looking for does not exist. Find your way back to the docs.',
};

/** Where most readers want to go; titles from the menu, summaries from the pages. */
const suggestedPaths = ['/', '/authentication', '/resources/charges', '/webhooks'];

async function suggestions() {
  const links = flatten(navigation).filter((link) => suggestedPaths.includes(link.href));
  return Promise.all(
    links.map(async (link) => ({ ...link, text: (await getFrontmatter(link.href))?.description })),
  );
}

export default async function NotFound() {
  const popular = await suggestions();
  return (
    <DocsLayout path={null}>
      <div className="mx-auto flex max-w-2xl flex-col items-center py-16 text-center lg:py-24">
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-zinc-900 dark:text-white">
          Page not found
        </h1>
        <p className="mt-3 text-base text-zinc-600 dark:text-zinc-400">
          Sorry, we couldn’t find the page you’re looking for. It may have moved, or the link may be
          mistyped. Search from the top bar, or start from one of these:
        </p>
        <ul role="list" className="mt-10 grid w-full gap-4 text-left sm:grid-cols-2">
          {popular.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className="block h-full rounded-2xl border border-zinc-900/10 p-4 transition hover:border-emerald-600/40 hover:bg-zinc-50 dark:border-white/10 dark:hover:border-emerald-400/40 dark:hover:bg-white/2.5"
              >
                <span className="text-sm font-semibold text-zinc-900 dark:text-white">
                  {item.title}
                </span>
                <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">
                  {item.text}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </DocsLayout>
  );
}
