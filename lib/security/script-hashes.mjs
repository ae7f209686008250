// The CSP hash sources of a page's inline scripts. Plain JavaScript, so the build (TypeScript)
// and the production server (server/*.mjs, run without compilation) share it.
import { createHash } from 'node:crypto';

/** Every script element of a page: its attributes and its text, as the browser parses them. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** An attribute naming an external source: such a script runs its file, not its text. */
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;
/** The type attribute, quoted either way or bare. */
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
/** Types the browser runs as script; data blocks (JSON-LD) are never run, so never allowed. */
const SCRIPT_TYPE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The text of each inline script the browser would run in `html`.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScripts(html) {
  const scripts = [];
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    if (type && !SCRIPT_TYPE.test((type[1] ?? type[2] ?? type[3] ?? '').trim())) continue;
    scripts.push(text);
  }
  return scripts;
}

/**
 * The CSP source that allows exactly this script text.
 * @param {string} script
 */
export function hashSource(script) {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The hash sources of every inline script of `html`, each once, sorted.
 * @param {string} html
 * @returns {string[]}
 */
export function scriptHashes(html) {
  return [...new Set(inlineScripts(html).map(hashSource))].sort();
}
