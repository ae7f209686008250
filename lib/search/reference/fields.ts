// Every attribute of every object a reference page shows, and every parameter of every request.
import type { ApiDocument } from '@/lib/openapi/document';
import { endpointsOf } from '@/lib/openapi/operations';
import type { ReferenceLinks } from '@/lib/openapi/pages/links';
import { objectsOf } from '@/lib/openapi/pages/reference';
import { attributesOf, kebabCase, viewOf, type Attribute } from '@/lib/openapi/schema';
import { anchorRoute } from '@/lib/routes';
import type { ReferenceEntry } from './entry';

/** What the reader learns first about an attribute: its type, whether required, its values. */
function attributeFacts(attribute: Attribute, first: string[] = []): string[] {
  const type = [
    attribute.type,
    attribute.required && 'required',
    attribute.nullable && 'nullable',
  ].filter(Boolean);
  const values = attribute.values?.map(({ value }) => value);
  return [...first, type.join(', '), ...(values ? [`one of ${values.join(', ')}`] : [])];
}

/** An attribute and its nested ones, each named by its path from `prefix`. */
function entriesOf(
  attributes: Attribute[],
  page: string,
  type: 'field' | 'parameter',
  prefix: string,
  first: string[] = [],
): ReferenceEntry[] {
  return attributes.flatMap((attribute) => {
    const name = prefix ? `${prefix}.${attribute.name}` : attribute.name;
    return [
      {
        type,
        name,
        path: anchorRoute(page, attribute.anchor),
        facts: attributeFacts(attribute, first),
        description: attribute.description,
      },
      ...entriesOf(attribute.children, page, type, name, first),
    ];
  });
}

/**
 * The page each object's attributes are found on: the one it is the first object of (Charge on
 * Charges), else the first page that shows it (in the document's tag order).
 */
function objectPages(document: ApiDocument, links: ReferenceLinks): Map<string, string> {
  const shown = document.tags.flatMap((tag) => {
    const page = links.tagPage(tag.name);
    if (!page) return [];
    return objectsOf(document, endpointsOf(document, tag.name)).map((object, position) => ({
      object,
      page,
      position,
    }));
  });
  const pages = new Map<string, string>();
  for (const { object, page } of shown.filter(({ position }) => position === 0)) {
    if (!pages.has(object)) pages.set(object, page);
  }
  for (const { object, page } of shown) if (!pages.has(object)) pages.set(object, page);
  return pages;
}

/** Each attribute of each object, named `Charge.capture_before`, on its resource's page. */
export function fieldEntries(document: ApiDocument, links: ReferenceLinks): ReferenceEntry[] {
  return [...objectPages(document, links)].flatMap(([object, page]) => {
    // The same attribute list, with the same anchors, as the object's section of the page.
    const view = viewOf(document, { $ref: `#/components/schemas/${object}` });
    const attributes = attributesOf(view.properties, view.required, kebabCase(object));
    return entriesOf(attributes, page, 'field', object);
  });
}

/** Each path, query, header and body parameter of each endpoint, in the endpoint's section. */
export function parameterEntries(document: ApiDocument, links: ReferenceLinks): ReferenceEntry[] {
  return document.tags.flatMap((tag) => {
    const page = links.tagPage(tag.name);
    if (!page) return [];
    return endpointsOf(document, tag.name).flatMap((endpoint) => {
      const request = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
      const lists = [
        ['Path parameter', endpoint.parameterAttributes.path],
        ['Query parameter', endpoint.parameterAttributes.query],
        ['Header', endpoint.parameterAttributes.header],
        ['Body parameter', endpoint.bodyAttributes],
      ] as const;
      return lists.flatMap(([kind, attributes]) =>
        entriesOf(attributes, page, 'parameter', '', [`${kind} of ${request}`]),
      );
    });
  });
}
