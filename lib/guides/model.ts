import { z } from 'zod';
import { serverConfig } from '@/lib/config/server';
import { GUIDE_CATEGORIES } from '@/lib/navigation';
import { categoryOfRoute } from '@/lib/routes';

const guideCategories: readonly string[] = GUIDE_CATEGORIES;

/** The guide category a route is the page of, e.g. `/categories/accept-payments`, or null. */
export function guideCategoryOfRoute(route: string): string | null {
  const category = categoryOfRoute(route);
  return category && guideCategories.includes(category) ? category : null;
}

/** A path on this site, or an https URL on a configured CMS image host. */
function isServableImageUrl(url: string) {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.includes('..');
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' && serverConfig().contentImageHosts.includes(parsed.hostname)
    );
  } catch {
    return false;
  }
}

/** A guide as every source must deliver it (SPEC 3). */
export const guideSchema = z.object({
  id: z.string().trim().min(1),
  title: z.string().trim().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by "-"'),
  summary: z.string().trim().min(1),
  category: z.string().refine((value) => guideCategories.includes(value), {
    message: `must be one of ${guideCategories.join(', ')}`,
  }),
  // A picture the site cannot serve safely is left out; the guide itself stays.
  image: z
    .object({
      url: z.string().trim().refine(isServableImageUrl),
      alt: z
        .string()
        .nullish()
        .transform((alt) => alt ?? ''),
      title: z
        .string()
        .nullish()
        .transform((title) => title ?? null),
    })
    .nullish()
    .transform((image) => image ?? null)
    .catch(null),
});
export type Guide = z.infer<typeof guideSchema>;

/** A guide with its body: MDX for files in the repository, Markdown from the CMS. */
export type GuideWithBody = Guide & { body: string; format: 'md' | 'mdx' };

/** Guides ordered by title, A to Z, as the content service orders them (SPEC 9). */
export function sortByTitle<T extends Pick<Guide, 'title'>>(guides: T[]): T[] {
  return [...guides].sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
}

/** Keeps the entries that are valid guides; each one dropped is logged with its reason. */
export function validGuides(entries: unknown[], log: (message: string) => void = console.warn) {
  return entries.flatMap((entry, index) => {
    const result = guideSchema.safeParse(entry);
    if (result.success) return [result.data];
    const name = (entry as { slug?: unknown } | null)?.slug ?? `entry ${index}`;
    const reasons = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    log(`Guide ${String(name)} dropped: ${reasons.join('; ')}`);
    return [];
  });
}
