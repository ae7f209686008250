import 'server-only';
import { cache } from 'react';
import { fetchCmsGuide, fetchCmsGuides } from './cms-source';
import { serverConfig } from '@/lib/config/server';
import { localGuideFile, readLocalGuides } from './local-source';
import { sortByTitle, type Guide, type GuideWithBody } from './model';

/** The list fields of a guide: pages listing guides never need their bodies. */
function withoutBody({ id, title, slug, summary, category, image }: GuideWithBody): Guide {
  return { id, title, slug, summary, category, image };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The guides list, loaded once per render of a page that lists or shows guides. On any failure
 * it logs the SPEC 8 line and is empty, so the page still renders.
 */
export const getGuides = cache(async (): Promise<Guide[]> => {
  try {
    const config = serverConfig().guides;
    if (config.kind === 'cms') return await fetchCmsGuides(config);
    return sortByTitle(await readLocalGuides()).map(withoutBody);
  } catch (error) {
    console.error('Error fetching guides in _app:', describe(error));
    return [];
  }
});

/** One guide with its body, or null when there is none by that slug or it cannot be loaded. */
export const getGuide = cache(async (slug: string): Promise<GuideWithBody | null> => {
  try {
    const config = serverConfig().guides;
    if (config.kind === 'cms') return await fetchCmsGuide(config, slug);
    return (await readLocalGuides()).find((guide) => guide.slug === slug) ?? null;
  } catch (error) {
    console.error(`Error fetching guide ${slug}:`, describe(error));
    return null;
  }
});

/** The repository file a guide is written in; null for guides from the CMS, which have none. */
export function guideFile(slug: string): string | null {
  return serverConfig().guides.kind === 'local' ? localGuideFile(slug) : null;
}
