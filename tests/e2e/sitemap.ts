import { baseUrl } from './browser';

/** The path of every URL the sitemap lists (its host is the configured site URL). */
export async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}
