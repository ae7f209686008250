// A page's article HTML, handed from the page's server component to the server render of its
// <ArticleBody> (components/article/article-body.tsx). Next.js gives those two renders separate copies of every
// module it bundles, so this one is kept out of its bundles (serverExternalPackages in
// next.config.ts): Node.js loads it once per process and both renders share this map.
//
// Lifetime: an article enters when a page renders on the server and is taken back a moment later
// by the same render; it stays, for renders of the same page, until newer articles push it out,
// oldest first, once they hold more than MAX_BYTES between them.
'use strict';

/** The most the kept articles may hold together, counted as UTF-16 code units times two. */
const MAX_BYTES = 16 * 1024 * 1024;

/** @type {Map<string, string>} */
const articles = new Map();
let heldBytes = 0;

const bytesOf = (text) => text.length * 2;

/** A 53-bit hash of the text, as a short key (cyrb53), with its length. */
function keyOf(text) {
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

/** Keeps an article's HTML for the server render of this page; returns its key. */
function handOver(html) {
  const key = keyOf(html);
  if (articles.has(key)) {
    articles.delete(key);
    heldBytes -= bytesOf(html);
  }
  articles.set(key, html);
  heldBytes += bytesOf(html);
  for (const [oldest, text] of articles) {
    if (heldBytes <= MAX_BYTES || oldest === key) break;
    articles.delete(oldest);
    heldBytes -= bytesOf(text);
  }
  return key;
}

/** The article handed over under `key`, or undefined (always, in a browser). */
function takeOver(key) {
  return articles.get(key);
}

/** What the kept articles hold: how many, and their bytes. */
function held() {
  return { articles: articles.size, bytes: heldBytes };
}

module.exports = { handOver, takeOver, held, MAX_BYTES };
