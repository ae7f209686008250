// Every webhook event type, with the object it carries.
import type { ApiDocument } from '@/lib/openapi/document';
import { endpointsOf, type Endpoint } from '@/lib/openapi/operations';
import type { ReferenceLinks } from '@/lib/openapi/pages/links';
import { words } from '@/lib/openapi/pages/reference';
import type { ReferenceEntry } from './entry';

/** The object an event carries in `data.object`, as words: `booking component`. */
function carried(event: Endpoint): string | undefined {
  const component = event.bodyAttributes
    .find((attribute) => attribute.name === 'data')
    ?.children.find((attribute) => attribute.name === 'object')?.component;
  return component && words(component);
}

/** Each event type on the events catalogue, resource by resource. */
export function eventEntries(document: ApiDocument, links: ReferenceLinks): ReferenceEntry[] {
  return document.tags.flatMap((tag) =>
    endpointsOf(document, tag.name, document.webhooks).map((event): ReferenceEntry => {
      const object = carried(event);
      return {
        type: 'event',
        name: event.summary,
        path: links.eventHref(event.summary),
        facts: [object ? `Carries the ${object} in data.object` : 'Webhook event'],
        description: event.description,
      };
    }),
  );
}
