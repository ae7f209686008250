import 'server-only';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { cache } from 'react';
import { guidePicture } from '@/lib/guides/picture';
import { renderHtml } from '@/lib/mdx/html/render';
import { source, type Page } from '@/lib/source';

/**
 * A guide's picture at the top of its body. Written into the article's HTML, where the browser
 * finds it at once, rather than rendered by React, whose preload hint for it would also travel
 * with every prefetch of the guide.
 */
function pictureHtml(page: Page): string {
  const image = page.guide?.image;
  if (!image) return '';
  const picture = guidePicture(image, { sizes: '(min-width: 1024px) 42rem, 100vw', eager: true });
  return toHtml(
    h('img', {
      src: picture.src,
      srcSet: picture.srcSet,
      sizes: picture.sizes,
      width: picture.width,
      height: picture.height,
      alt: picture.alt,
      title: picture.title,
      loading: picture.loading,
      decoding: picture.decoding,
      dataSlot: 'guide-picture',
    }),
  );
}

/** A page's article body as HTML, once per render, or null when there is no such page. */
export const articleHtml = cache(async (route: string): Promise<string | null> => {
  const [page, content] = await Promise.all([source.page(route), source.content(route)]);
  if (!page || !content) return null;
  return pictureHtml(page) + (await renderHtml(content.tree, { file: page.file ?? route }));
});
