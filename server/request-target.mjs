// The request targets of HTTP/1.1 (RFC 9112, section 3.2) besides a path: the absolute form, which
// clients send to proxies and anyone can send straight to this server, and the asterisk form of
// `OPTIONS *`.

/** The target of `OPTIONS *`, which asks about the server rather than a path. */
export const ASTERISK_FORM = '*';

/**
 * The path and query string a target asks for: itself in origin form (`/a?b`); in absolute
 * form (`http://host/a?b`) without its scheme and host, for this server answers for one site
 * whatever host a target names, and Next.js would otherwise redirect to that host. Null for any
 * other form.
 * @param {string} target
 * @returns {string | null}
 */
export function pathOfTarget(target) {
  if (target.startsWith('/')) return target;
  const schemeAndHost = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!schemeAndHost) return null;
  const rest = target.slice(schemeAndHost[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
