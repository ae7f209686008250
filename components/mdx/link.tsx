import NextLink from 'next/link';
import { isSafeHref } from '@/lib/safe-href';

/** A site path to a file, such as `/openapi.yaml`, rather than to a page. */
const isFile = (href: string) => /\.[a-z0-9]+$/i.test(href.split(/[?#]/)[0]!);

/**
 * Site pages navigate client-side; files and other sites load as usual. A link to anything else
 * (a `javascript:` URL from CMS Markdown, say) keeps its text and loses its target.
 */
export function Link({ href = '', ...props }: React.ComponentProps<'a'>) {
  if (!isSafeHref(href)) return <span>{props.children}</span>;
  if (href.startsWith('/') && !isFile(href)) return <NextLink href={href} {...props} />;
  return <a href={href} {...props} />;
}
