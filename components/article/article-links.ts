/** A site path to a page: not a file such as `/openapi.yaml`, another site or an email. */
export function isPagePath(href: string): boolean {
  return (
    href.startsWith('/') && !href.startsWith('//') && !/\.[a-z0-9]+$/i.test(href.split(/[?#]/)[0]!)
  );
}

/** The site page a link of the article leads to, or null for anchors, files and other sites. */
export function pageLinkOf(target: EventTarget | null): string | null {
  const anchor = target instanceof Element ? target.closest('a') : null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) {
    return null;
  }
  const href = anchor.getAttribute('href') ?? '';
  return isPagePath(href) ? href : null;
}

/** Whether a click asks for a new tab or window, or was already handled. */
export function isSpecialClick(event: MouseEvent | React.MouseEvent): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  );
}

/** The id an address's hash names: without its `#`, percent-decoded when it decodes. */
export function idOfHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
