import { site } from './site';

const suffix = ` | ${site.name}`;

/** Full document title of a page: "<title> | Kestrel Pay". */
export function pageTitle(title: string): string {
  return `${title}${suffix}`;
}

/** Removes a trailing " | Kestrel Pay" so a title reads well inside the site. */
export function stripSiteSuffix(title: string): string {
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}
