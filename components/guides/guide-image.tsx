import type { Guide } from '@/lib/guides/model';
import { guidePicture } from '@/lib/guides/picture';

type GuideImageProps = { image: NonNullable<Guide['image']>; sizes: string };

/** A guide's picture on its card, loaded as it nears the screen. */
export function GuideImage({ image, sizes }: GuideImageProps) {
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- from guidePicture
  return <img {...guidePicture(image, { sizes })} />;
}
