import 'server-only';
import { fileOfRoute, getFrontmatter } from '@/lib/content';
import { getGuides, guideFile } from '@/lib/guides';
import { navigation } from '@/lib/navigation';
import { menuWithGuides, type LlmsSection } from './llms';
import { docsPageInfo, guidePageInfo, guideSlugOf, type PageInfo } from './page-info';
import { absoluteUrl, markdownPath } from './urls';

type SitePage = { route: string; title: string; description: string };

/** Every page in reading order (the menu, guides after their category), with its description. */
export async function sitePages(): Promise<{ title: string; pages: SitePage[] }[]> {
  const guides = await getGuides();
  const summaries = new Map(
    guides.map(guidePageInfo).map((guide) => [guide.route, guide.description]),
  );
  return Promise.all(
    menuWithGuides(navigation, guides).map(async (group) => ({
      title: group.title,
      pages: await Promise.all(
        group.links.map(async (link) => ({
          route: link.href,
          title: link.title,
          description:
            summaries.get(link.href) ?? (await getFrontmatter(link.href))?.description ?? '',
        })),
      ),
    })),
  );
}

/** Every page's route: the documentation pages and the guides. */
export async function siteRoutes(): Promise<string[]> {
  return (await sitePages()).flatMap((group) => group.pages.map((page) => page.route));
}

/** What a documentation page or guide tells search engines and social cards, or null. */
export async function pageInfoOf(route: string): Promise<PageInfo | null> {
  const slug = guideSlugOf(route);
  if (slug) {
    const guide = (await getGuides()).find((candidate) => candidate.slug === slug);
    return guide ? guidePageInfo(guide) : null;
  }
  const frontmatter = await getFrontmatter(route);
  return frontmatter ? docsPageInfo(route, frontmatter) : null;
}

/** The llms.txt sections: each page linked by its Markdown version, which assistants read best. */
export async function llmsSections(): Promise<LlmsSection[]> {
  return (await sitePages()).map((group) => ({
    title: group.title,
    entries: group.pages.map((page) => ({
      title: page.title,
      url: absoluteUrl(markdownPath(page.route)),
      description: page.description,
    })),
  }));
}

/** The repository file a page is written in; null for CMS guides, which have none. */
export function sourceFileOf(route: string): string | null {
  const slug = guideSlugOf(route);
  return slug ? guideFile(slug) : fileOfRoute(route);
}
