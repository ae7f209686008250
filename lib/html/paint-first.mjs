// Pages paint before their scripts download. Next.js puts every startup chunk in the head as an
// async script, so on a slow connection about 150 KB of framework code shares the line with the
// page's own HTML and CSS, and the first paint waits for bandwidth the reader cannot use yet. A
// page rewritten here names its chunks in one small inline script that requests them once the
// first frame is painted (at once in a hidden tab, which paints nothing): the reading comes
// first, hydration straight after. The build rewrites its prerendered pages
// (lib/build/paint-first.ts), the server's page cache the pages it renders again
// (server/paint-first-cache.mjs).
import { ASYNC_CHUNK, CHUNK_PRELOAD } from '../next-internals/chunk-tags.mjs';

/**
 * Requests the chunks (`s`) once, right after the first frame is painted, or at once when the
 * tab is hidden or becomes so. In a visible tab each request is made in a task of its own: adding
 * a script element costs up to a few milliseconds on a slow phone, and nine in one task would
 * hold back a tap for all of them. Plain ES5, written out as the page will run it.
 */
const LOAD_AFTER_FIRST_PAINT =
  '(function(s){var d=document,started=false;' +
  "function add(src){var e=d.createElement('script');e.src=src;e.async=true;d.head.appendChild(e)}" +
  'function load(){if(started)return;started=true;' +
  's.forEach(function(src){if(d.hidden)add(src);else setTimeout(add,0,src)})}' +
  'if(d.hidden)load();else{requestAnimationFrame(function(){setTimeout(load)});' +
  "d.addEventListener('visibilitychange',load)}})";

/**
 * The inline script that loads these chunks; `<` is escaped so no source can end the tag.
 * @param {string[]} sources
 */
export function chunkLoader(sources) {
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  return `<script>${LOAD_AFTER_FIRST_PAINT}(${list})</script>`;
}

/**
 * The chunks a page's loader requests, or none when the page has no loader.
 * @param {string} html
 * @returns {string[]}
 */
export function chunksOfLoader(html) {
  const start = html.indexOf(`${LOAD_AFTER_FIRST_PAINT}(`);
  if (start < 0) return [];
  const list = html.slice(
    start + LOAD_AFTER_FIRST_PAINT.length + 1,
    html.indexOf(')</script>', start),
  );
  return JSON.parse(list);
}

/**
 * A page whose startup chunks load after its first paint. A page without such chunks, or in a
 * shape this does not know, is returned as it is and keeps Next.js's loading.
 * @param {string} html
 */
export function paintFirst(html) {
  const sources = [...new Set(Array.from(html.matchAll(ASYNC_CHUNK), (match) => match[1]))];
  if (sources.length === 0 || !html.includes('</head>')) return html;
  return html
    .replace(ASYNC_CHUNK, '')
    .replace(CHUNK_PRELOAD, (preload, href) => (sources.includes(href) ? '' : preload))
    .replace('</head>', `${chunkLoader(sources)}</head>`);
}
