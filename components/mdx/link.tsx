import NextLink from 'next/link';

/** Site links navigate client-side; other links open as usual. */
export function Link({ href = '', ...props }: React.ComponentProps<'a'>) {
  if (href.startsWith('/')) return <NextLink href={href} {...props} />;
  return <a href={href} {...props} />;
}
