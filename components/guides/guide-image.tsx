import Image from 'next/image';
import type { Guide } from '@/lib/guides/model';

type GuideImageProps = {
  image: NonNullable<Guide['image']>;
  sizes: string;
  className?: string;
  /** For the picture at the top of a guide page, the largest paint. */
  priority?: boolean;
};

/** A guide's picture, at the 1200×630 shape every guide image is drawn in. */
export function GuideImage({ image, sizes, className, priority = false }: GuideImageProps) {
  return (
    <Image
      src={image.url}
      alt={image.alt}
      title={image.title ?? undefined}
      width={1200}
      height={630}
      sizes={sizes}
      priority={priority}
      className={className}
    />
  );
}
