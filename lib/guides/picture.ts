import { getImageProps } from 'next/image';
import type { Guide } from './model';

/** Every guide picture is drawn in the 1200×630 shape of a social card. */
const SIZE = { width: 1200, height: 630 } as const;

/**
 * The attributes of a guide's `<img>`: the optimizer's srcset computed on the server, so no
 * client-side image runtime ships with the page. `eager` loads it at once (the largest paint
 * of a guide page) without a preload hint, which would travel with every prefetch of the guide.
 */
export function guidePicture(
  image: NonNullable<Guide['image']>,
  { sizes, eager = false }: { sizes: string; eager?: boolean },
) {
  const { props } = getImageProps({
    src: image.url,
    alt: image.alt,
    ...SIZE,
    sizes,
    ...(eager ? { loading: 'eager' } : {}),
  });
  return { ...props, alt: image.alt, title: image.title ?? undefined };
}
