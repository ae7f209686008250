// Articles fetched after a client navigation, kept for the visit so going back costs nothing.
import { articleRoute } from '@/lib/routes';
import { isPagePath } from './article-links';

/** Articles kept in memory; the oldest is dropped first. */
const MAX_ARTICLES = 30;
const articles = new Map<string, Promise<string>>();

/** The article HTML served at `src`, fetched once per visit. */
export function loadArticle(src: string): Promise<string> {
  let article = articles.get(src);
  if (!article) {
    article = fetch(src).then((response) => {
      if (!response.ok) throw new Error(`${src} answered ${response.status}`);
      return response.text();
    });
    // A failed fetch is not kept, so the next visit tries again.
    article.catch(() => articles.delete(src));
    articles.set(src, article);
    for (const oldest of articles.keys()) {
      if (articles.size <= MAX_ARTICLES) break;
      articles.delete(oldest);
    }
  }
  return article;
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
