import type { Metadata } from 'next';
import Link from 'next/link';
import { HOME_ROUTE, resourceRoute } from '@/lib/routes';
import { notFoundMetadata } from '@/lib/seo/metadata';
import { source } from '@/lib/source';

export const metadata: Metadata = notFoundMetadata;

/** Where most readers want to go; titles from the menu, summaries from the pages. */
const suggestedRoutes = [HOME_ROUTE, '/authentication', resourceRoute('charges'), '/webhooks'];

/** The 404 page's body; the shell around it comes from the root layout. */
export default async function NotFound() {
  const pages = await source.docsPages();
  const popular = suggestedRoutes.flatMap((route) => pages.filter((page) => page.route === route));
  return (
    <div data-slot="not-found">
      <p>404</p>
      <h1>Page not found</h1>
      <p>
        Sorry, we couldn’t find the page you’re looking for. It may have moved, or the link may be
        mistyped. Search from the top bar, or start from one of these:
      </p>
      <ul role="list">
        {popular.map((page) => (
          <li key={page.route}>
            <Link href={page.route} prefetch={false}>
              <strong>{page.menuTitle}</strong>
              <span>{page.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
