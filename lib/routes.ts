// Every route shape of the site, written once: pages, guides, categories, resources, and the
// Markdown and social-image addresses derived from a page's route.

/** The Introduction. */
export const HOME_ROUTE = '/';

const GUIDES_PREFIX = '/guides/';
/** The first path segment of a guide's route, and of its article, Markdown and social image. */
const GUIDES_SEGMENT = GUIDES_PREFIX.slice(1, -1);
const CATEGORIES_PREFIX = '/categories/';
const RESOURCES_PREFIX = '/resources/';
const SOCIAL_IMAGE_PREFIX = '/og/';

/** A guide's page: `/guides/<slug>`. */
export function guideRoute(slug: string): string {
  return `${GUIDES_PREFIX}${slug}`;
}

/** The slug of a guide's route, or null for any other route. */
export function guideSlugOfRoute(route: string): string | null {
  return route.startsWith(GUIDES_PREFIX) ? route.slice(GUIDES_PREFIX.length) || null : null;
}

/** A guide category's page: `/categories/<category>`. */
export function categoryRoute(category: string): string {
  return `${CATEGORIES_PREFIX}${category}`;
}

/** The category a route is the page of, or null. */
export function categoryOfRoute(route: string): string | null {
  return route.startsWith(CATEGORIES_PREFIX) ? route.slice(CATEGORIES_PREFIX.length) || null : null;
}

/** A Core Resources page: `/resources/<name>`. */
export function resourceRoute(name: string): string {
  return `${RESOURCES_PREFIX}${name}`;
}

/** An anchor on a page: `/errors#card_declined`. */
export function anchorRoute(route: string, id: string): string {
  return `${route}#${id}`;
}

/** The file-like name of a route: `/` is `index`, `/resources/charges` is `resources/charges`. */
export function stemOfRoute(route: string): string {
  return route === HOME_ROUTE ? 'index' : route.slice(1);
}

/** The route a stem names; the reverse of `stemOfRoute`. */
export function routeOfStem(stem: string): string {
  return stem === 'index' ? HOME_ROUTE : `/${stem}`;
}

/** The route of a file under content/docs: `index.mdx` is `/`, `a/b.mdx` is `/a/b`. */
export function routeOfDocsFile(relativeFile: string): string {
  return routeOfStem(relativeFile.replace(/\\/g, '/').replace(/\.mdx$/, ''));
}

/** The file under content/docs that a route is written in: `/` is `index.mdx`. */
export function docsFileOfRoute(route: string): string {
  return `${stemOfRoute(route)}.mdx`;
}

/** Where a page is served as Markdown: `/errors` → `/errors.md`, `/` → `/index.md`. */
export function markdownRoute(route: string): string {
  return `/${stemOfRoute(route)}.md`;
}

const ARTICLE_PREFIX = '/articles/';
const ARTICLE_EXTENSION = '.html';
const SOCIAL_IMAGE_EXTENSION = '.png';

/** The route a file-like path names (`resources/charges.html` → `/resources/charges`), or null. */
function routeOfFile(file: string, extension: string): string | null {
  return file.endsWith(extension) ? routeOfStem(file.slice(0, -extension.length)) : null;
}

/** Where a page's article body is served as HTML, for client navigations: `/articles/errors.html`. */
export function articleRoute(route: string): string {
  return `${ARTICLE_PREFIX}${stemOfRoute(route)}${ARTICLE_EXTENSION}`;
}

/** The page route of an article's path segments (`['resources', 'charges.html']`), or null. */
export function routeOfArticle(segments: string[]): string | null {
  return routeOfFile(segments.join('/'), ARTICLE_EXTENSION);
}

/** The path segments of a page's article, for static params. */
export function articleSegments(route: string): string[] {
  return articleRoute(route).slice(ARTICLE_PREFIX.length).split('/');
}

/** Where a page's social image is served: `/errors` → `/og/errors.png`. */
export function socialImageRoute(route: string): string {
  return `${SOCIAL_IMAGE_PREFIX}${stemOfRoute(route)}${SOCIAL_IMAGE_EXTENSION}`;
}

/** The page route of a social image's path segments (`['resources', 'charges.png']`), or null. */
export function routeOfSocialImage(segments: string[]): string | null {
  return routeOfFile(segments.join('/'), SOCIAL_IMAGE_EXTENSION);
}

/** The path segments of a page's social image, for static params. */
export function socialImageSegments(route: string): string[] {
  return socialImageRoute(route).slice(SOCIAL_IMAGE_PREFIX.length).split('/');
}

/** The file of a guide's article under `/articles/guides/`: `<slug>.html`. */
export function guideArticleFile(slug: string): string {
  return `${slug}${ARTICLE_EXTENSION}`;
}

/** The guide route of a file under `/articles/guides/` (`<slug>.html`), or null. */
export function guideRouteOfArticleFile(file: string): string | null {
  return routeOfArticle([GUIDES_SEGMENT, file]);
}

/** The file of a guide's social image under `/og/guides/`: `<slug>.png`. */
export function guideSocialImageFile(slug: string): string {
  return `${slug}${SOCIAL_IMAGE_EXTENSION}`;
}

/** The guide route of a file under `/og/guides/` (`<slug>.png`), or null. */
export function guideRouteOfSocialImageFile(file: string): string | null {
  return routeOfSocialImage([GUIDES_SEGMENT, file]);
}
/** The route of a catch-all page's segments: `[]` is `/`, `['sdk', 'usage']` is `/sdk/usage`. */
export function routeOfSegments(segments: string[] = []): string {
  return `/${segments.join('/')}`;
}

/** The catch-all segments of a route, for static params. */
export function segmentsOfRoute(route: string): string[] {
  return route === HOME_ROUTE ? [] : route.slice(1).split('/');
}

/** Where the sandbox API is served: `/sandbox/v1/charges` is `/v1/charges` of the API. */
export const SANDBOX_ROUTE = '/sandbox';

/** The sandbox's address of an API path: `/v1/charges` → `/sandbox/v1/charges`. */
export function sandboxRoute(apiPath: string): string {
  return `${SANDBOX_ROUTE}${apiPath}`;
}

const CONSOLE_PREFIX = '/console/';

/** What the console needs of an operation, as JSON: `/console/operations/createCharge`. */
export function consoleOperationRoute(operationId: string): string {
  return `${CONSOLE_PREFIX}operations/${encodeURIComponent(operationId)}`;
}

/** The browser module that validates an operation's requests as the sandbox does. */
export function consoleValidatorRoute(operationId: string): string {
  return `${consoleOperationRoute(operationId)}/validator.js`;
}

/** A runnable flow's steps, as JSON: `/console/flows/quickstart`. */
export function consoleFlowRoute(flow: string): string {
  return `${CONSOLE_PREFIX}flows/${encodeURIComponent(flow)}`;
}

/** The query parameter that reopens a shared console request: `/resources/charges?try=…`. */
export const SHARE_PARAM = 'try';

/** The id of the webhook workbench itself on the Webhooks page, below its section's prose. */
export const WEBHOOK_WORKBENCH_ID = 'workbench';

/** The webhook workbench itself, on the Webhooks page. */
export const WEBHOOK_WORKBENCH_ROUTE = `/webhooks#${WEBHOOK_WORKBENCH_ID}`;

/** The webhook forwarder (scripts/sandbox-forward.mjs), served for readers to download. */
export const FORWARD_SCRIPT_ROUTE = '/kestrel-sandbox-forward.mjs';
