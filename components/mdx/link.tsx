import NextLink from 'next/link';

/** A site path to a file, such as `/openapi.yaml`, rather than to a page. */
const isFile = (href: string) => /\.[a-z0-9]+$/i.test(href.split(/[?#]/)[0]!);

/** Where a link may point: this site, another http(s) site, or an email address. */
function isSafeHref(href: string) {
  if (href.startsWith('#') || (href.startsWith('/') && !href.startsWith('//'))) return true;
  return /^(https?:|mailto:)/i.test(href);
}

/**
 * Site pages navigate client-side; files and other sites load as usual. A link to anything else
 * (a `javascript:` URL from CMS Markdown, say) keeps its text and loses its target.
 */
export function Link({ href = '', ...props }: React.ComponentProps<'a'>) {
  if (!isSafeHref(href)) return <span>{props.children}</span>;
  if (href.startsWith('/') && !isFile(href)) return <NextLink href={href} {...props} />;
  return <a href={href} {...props} />;
}
