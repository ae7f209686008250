import { getImageProps } from 'next/image';
import type { Guide } from '@/lib/guides/model';

type GuideImageProps = {
  image: NonNullable<Guide['image']>;
  sizes: string;
  className?: string;
  /** For the picture at the top of a guide page, the largest paint. */
  priority?: boolean;
};

/**
 * A guide's picture, at the 1200×630 shape every guide image is drawn in. The image props are
 * computed on the server, so pictures get the optimizer's srcset without the client-side
 * <Image> runtime in every page's JavaScript.
 */
export function GuideImage({ image, sizes, className, priority = false }: GuideImageProps) {
  const { props } = getImageProps({
    src: image.url,
    alt: image.alt,
    width: 1200,
    height: 630,
    sizes,
    // Fetched first where it is the largest paint, but never preloaded: a preload hint would
    // travel with every prefetch of the guide and download a picture nobody may look at.
    ...(priority ? { loading: 'eager', fetchPriority: 'high' } : {}),
  });
  // eslint-disable-next-line @next/next/no-img-element -- props come from getImageProps above
  return <img {...props} alt={image.alt} title={image.title ?? undefined} className={className} />;
}
