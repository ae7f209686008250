import { site } from '@/lib/site';

/** The absolute URL of a site path: `/errors` → `<site.url>/errors`. */
export function absoluteUrl(path: string, base: string = site.url): string {
  return new URL(path, base).toString();
}

/** The file-like name of a page's route: `/` is `index`, `/resources/charges` is `resources/charges`. */
export function stemOfRoute(route: string): string {
  return route === '/' ? 'index' : route.slice(1);
}

/** The route a stem names; the reverse of `stemOfRoute`. */
export function routeOfStem(stem: string): string {
  return stem === 'index' ? '/' : `/${stem}`;
}

/** Where a page is served as Markdown: `/errors` → `/errors.md`, `/` → `/index.md`. */
export function markdownPath(route: string): string {
  return `/${stemOfRoute(route)}.md`;
}

/** Where a page's social image is served: `/errors` → `/og/errors.png`. */
export function socialImagePath(route: string): string {
  return `/og/${stemOfRoute(route)}.png`;
}

/** The repository page that edits a source file, e.g. `content/docs/errors.mdx`. */
export function editUrl(file: string): string {
  return `${site.repositoryUrl}/edit/${site.repositoryBranch}/${file}`;
}
