// Articles fetched after a client navigation, kept for the visit so going back costs nothing.
import { articleRoute } from '@/lib/routes';
import { isPagePath } from './article-links';

/** Articles kept in memory; the oldest is dropped first. */
const MAX_ARTICLES = 30;
/** Each article's fetch, and its HTML once it has arrived. */
const articles = new Map<string, { html: Promise<string>; arrived?: string }>();

/** The article HTML served at `src`, fetched once per visit. */
export function loadArticle(src: string): Promise<string> {
  let article = articles.get(src);
  if (!article) {
    const html = fetch(src).then((response) => {
      if (!response.ok) throw new Error(`${src} answered ${response.status}`);
      return response.text();
    });
    const entry: { html: Promise<string>; arrived?: string } = { html };
    // A failed fetch is not kept, so the next visit tries again.
    html.then(
      (text) => (entry.arrived = text),
      () => articles.delete(src),
    );
    articles.set(src, (article = entry));
    for (const oldest of articles.keys()) {
      if (articles.size <= MAX_ARTICLES) break;
      articles.delete(oldest);
    }
  }
  return article.html;
}

/**
 * The article at `src` if it has already arrived. A body mounted with it renders it in the same
 * commit as the page, so Back and Forward restore their scroll position against the whole page.
 */
export function arrivedArticle(src: string): string | undefined {
  return articles.get(src)?.arrived;
}

/**
 * Starts loading a page before it is opened: its data (through the router) and its article. A
 * failure here is silent; the navigation itself retries and says so.
 */
export function warmPage(prefetch: (href: string) => void, href: string) {
  if (!isPagePath(href)) return;
  prefetch(href);
  loadArticle(articleRoute(href.split(/[?#]/)[0]!)).catch(() => undefined);
}
