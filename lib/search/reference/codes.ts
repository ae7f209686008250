// Every error code of the catalogue and every failure or decline code an object reports.
import type { ApiDocument } from '@/lib/openapi/document';
import { endpointsOf, errorCatalogue } from '@/lib/openapi/operations';
import type { ReferenceLinks } from '@/lib/openapi/pages/links';
import { objectsOf } from '@/lib/openapi/pages/reference';
import { viewOf } from '@/lib/openapi/schema';
import type { ReferenceEntry } from './entry';

/** Each error code on the Errors page, with its HTTP status and type. */
export function errorCodeEntries(document: ApiDocument, links: ReferenceLinks): ReferenceEntry[] {
  return errorCatalogue(document).map((entry) => ({
    type: 'code',
    name: entry.code,
    path: links.errorHref(entry.code),
    facts: [`HTTP ${entry.status}`, entry.type],
    description: entry.description,
  }));
}

/** The enums objects report failures with: `Charge.failure_code` → `ChargeFailureCode`. */
function failureCodeEnums(document: ApiDocument, links: ReferenceLinks) {
  const enums = new Map<string, string>();
  for (const tag of document.tags) {
    if (!links.tagPage(tag.name)) continue;
    for (const object of objectsOf(document, endpointsOf(document, tag.name))) {
      const view = viewOf(document, { $ref: `#/components/schemas/${object}` });
      for (const [property, child] of Object.entries(view.properties)) {
        if (property.endsWith('failure_code') && child.values && child.component) {
          if (!enums.has(child.component)) enums.set(child.component, `${object}.${property}`);
        }
      }
    }
  }
  return enums;
}

/** Each failure or decline code, at its enum on the Enums page, with the field that reports it. */
export function failureCodeEntries(document: ApiDocument, links: ReferenceLinks): ReferenceEntry[] {
  return [...failureCodeEnums(document, links)].flatMap(([component, field]) => {
    const values = viewOf(document, { $ref: `#/components/schemas/${component}` }).values ?? [];
    return values.map(({ value, description }): ReferenceEntry => ({
      type: 'code',
      name: value,
      path: links.enumHref(component),
      facts: [`Reported in ${field}`],
      description,
    }));
  });
}
