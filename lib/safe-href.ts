/** Where a link may point: this site, another http(s) site, or an email address. */
export function isSafeHref(href: string): boolean {
  if (href.startsWith('#') || (href.startsWith('/') && !href.startsWith('//'))) return true;
  return /^(https?:|mailto:)/i.test(href);
}
