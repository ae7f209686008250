// Adds a page's own script sources (the hashes of its inline scripts, a per-answer nonce) to the
// site's Content-Security-Policy. Plain JavaScript, shared by the build and the production server.

/** The sources an answer adds: a nonce or a hash, nothing that widens the policy to other code. */
const ADDED_SOURCE = /^'(?:nonce-[A-Za-z0-9+/_-]+={0,2}|sha256-[A-Za-z0-9+/]+={0,2})'$/;

/**
 * The nonce source for `nonce`.
 * @param {string} nonce base64, as crypto.randomBytes(…).toString('base64') writes it
 */
export const nonceSource = (nonce) => `'nonce-${nonce}'`;

/**
 * `policy` with `sources` added to its script-src directive, each once. Throws when the policy
 * has no script-src or a source is not a nonce or a hash.
 * @param {string} policy
 * @param {string[]} sources
 */
export function withScriptSources(policy, sources) {
  const refused = sources.find((source) => !ADDED_SOURCE.test(source));
  if (refused !== undefined) throw new Error(`Not a nonce or hash source: ${refused}`);
  const directives = policy.split(';').map((directive) => directive.trim());
  const index = directives.findIndex((directive) => /^script-src(?:\s|$)/.test(directive));
  if (index < 0) throw new Error(`The Content-Security-Policy has no script-src: ${policy}`);
  const present = new Set(directives[index].split(/\s+/));
  const added = [...new Set(sources)].filter((source) => !present.has(source));
  directives[index] = [directives[index], ...added].join(' ');
  return directives.join('; ');
}

/** A nonce attribute of a script or a script's preload. */
const NONCE_ATTRIBUTE = /(<(?:script|link)\b[^>]*?) nonce="[^"<>]*"/g;

/**
 * `html` without the nonces its render for one request wrote: a page kept to answer everyone
 * runs its inline scripts by their hashes, and a spent nonce would only hide its script tags
 * from the rewrites that expect Next.js's own shape.
 * @param {string} html
 */
export function withoutNonces(html) {
  return html.replace(NONCE_ATTRIBUTE, '$1');
}
