// Replaces each `<ApiReference tag="…" />`, `<ApiReference catalogue="…" />` or
// `<ApiReference lifecycle="…" />` of a page with what the OpenAPI document says, before any
// output is made from the page.
import type { Root, RootContent } from 'mdast';
import { z } from 'zod';
import { isJsxElement, propsOf } from '@/lib/mdx/jsx';
import { site } from '@/lib/site';
import { loadDocument, type ApiDocument } from '../document';
import {
  enumsCatalogue,
  errorsCatalogue,
  eventsCatalogue,
  sdkMethodsCatalogue,
} from './catalogues';
import { lifecycleTable } from './lifecycle';
import type { ReferenceLinks } from './links';
import { tagReference } from './reference';
import { testScenariosCatalogue } from './test-scenarios';
import { deliverySourcesCatalogue, retryScheduleCatalogue } from './webhook-delivery';

const catalogues = {
  enums: enumsCatalogue,
  errors: (document: ApiDocument) => errorsCatalogue(document),
  events: eventsCatalogue,
  'sdk-methods': (document: ApiDocument, links: ReferenceLinks) =>
    sdkMethodsCatalogue(document, links, site.samples.client),
  'test-scenarios': testScenariosCatalogue,
  'webhook-retries': retryScheduleCatalogue,
  'webhook-sources': deliverySourcesCatalogue,
} satisfies Record<string, (document: ApiDocument, links: ReferenceLinks) => RootContent[]>;

export const CATALOGUES = Object.keys(catalogues) as (keyof typeof catalogues)[];

const apiReferenceProps = z.union([
  z.object({ tag: z.string().min(1) }).strict(),
  z.object({ catalogue: z.enum(CATALOGUES as [string, ...string[]]) }).strict(),
  z.object({ lifecycle: z.string().regex(/^[a-z_]+$/) }).strict(),
]);
export type ApiReferenceProps = z.infer<typeof apiReferenceProps>;

/** The `<ApiReference>` props of a top-level node, or null for any other node. */
export function apiReferenceOf(node: RootContent, file: string): ApiReferenceProps | null {
  if (!isJsxElement(node) || node.name !== 'ApiReference') return null;
  return propsOf(node, apiReferenceProps, file);
}

/** The page's tree with every `<ApiReference>` replaced by the nodes it stands for. */
export function expandApiReferences(
  tree: Root,
  { file, links }: { file: string; links: ReferenceLinks },
): Root {
  const children = tree.children.flatMap((node) => {
    const reference = apiReferenceOf(node, file);
    if (!reference) return [node];
    const document = loadDocument();
    if ('tag' in reference) return tagReference(document, reference.tag, links);
    if ('lifecycle' in reference) return lifecycleTable(document, reference.lifecycle, links);
    return catalogues[reference.catalogue as keyof typeof catalogues](document, links);
  });
  return { ...tree, children };
}
