// Where the generated reference lives on the site: each tag's page, each catalogue's page, and
// the anchors of enums, error codes, events, endpoints and attributes on them.
import { anchorRoute } from '@/lib/routes';
import { kebabCase } from '../schema';

/** Which page shows each tag's reference and each catalogue (from the pages' `<ApiReference>`). */
export type ReferenceLocations = {
  tags: Record<string, string>;
  catalogues: Record<string, string>;
};

/** The anchor of an event on the events catalogue: `refund.created` → `event-refund-created`. */
export function eventAnchor(event: string): string {
  return `event-${event.replace(/[^a-z0-9_]+/gi, '-')}`;
}

/** The anchor of an enum's section on the enums catalogue: `ChargeStatus` → `chargestatus`. */
export function enumAnchor(name: string): string {
  return name.toLowerCase();
}

/** The anchor of an object's attribute: `Refund.status` → `refund-status`. */
export function attributeAnchor(object: string, property: string): string {
  return `${kebabCase(object)}-${property}`.toLowerCase();
}

/** Links into the reference, resolved against where each part is shown. */
export function referenceLinks(locations: ReferenceLocations) {
  const catalogue = (name: string) => {
    const route = locations.catalogues[name];
    if (!route) {
      throw new Error(
        `No page shows the "${name}" catalogue, which the reference links to. Add <ApiReference catalogue="${name}" /> to a page.`,
      );
    }
    return route;
  };
  const tagPage = (tag: string): string | undefined => locations.tags[tag];
  return {
    tagPage,
    /** The page of a tag that must have one. */
    requiredTagPage(tag: string): string {
      const route = tagPage(tag);
      if (!route) {
        throw new Error(
          `No page shows the "${tag}" reference. Add a page with <ApiReference tag="${tag}" />.`,
        );
      }
      return route;
    },
    enumHref: (name: string) => anchorRoute(catalogue('enums'), enumAnchor(name)),
    errorHref: (code: string) => anchorRoute(catalogue('errors'), code),
    eventsPage: () => catalogue('events'),
    eventHref: (event: string) => anchorRoute(catalogue('events'), eventAnchor(event)),
  };
}
export type ReferenceLinks = ReturnType<typeof referenceLinks>;
