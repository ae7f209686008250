// A page's article HTML reaches the server-side render of <ArticleBody> without travelling in
// the page's flight data (which would put every byte of a long reference page in the document
// twice). The page's server component hands the HTML over within this process, keyed by its
// hash; the server-side render of the client component takes it back by that key. Browsers
// never hold this map: they keep the server's markup when they hydrate (React leaves the inner
// HTML of an element alone then), and fetch the article from its own address after a client
// navigation.

const STORE = Symbol.for('kestrel.article-handoff');
/** Articles kept for rendering at once; older ones are dropped first. */
const MAX_ARTICLES = 64;

type Store = Map<string, string>;

function store(): Store {
  const holder = globalThis as { [STORE]?: Store };
  holder[STORE] ??= new Map();
  return holder[STORE];
}

/** A 53-bit hash of the text, as a short key (cyrb53). */
function keyOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}-${text.length.toString(36)}`;
}

/** Keeps an article's HTML for the server-side render of this page; returns its key. */
export function handOver(html: string): string {
  const articles = store();
  const key = keyOf(html);
  articles.delete(key);
  articles.set(key, html);
  for (const oldest of articles.keys()) {
    if (articles.size <= MAX_ARTICLES) break;
    articles.delete(oldest);
  }
  return key;
}

/** The article handed over under `key`: on the server its HTML, in a browser undefined. */
export function takeOver(key: string): string | undefined {
  return store().get(key);
}
