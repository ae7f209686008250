// The catalogues that span the whole document: enums, error codes, webhook events, SDK methods.
import type { BlockContent, PhrasingContent, RootContent, TableRow } from 'mdast';
import { jsxElement } from '@/lib/mdx/jsx';
import { anchorRoute } from '@/lib/routes';
import type { ApiDocument } from '../document';
import { endpointsOf, errorCatalogue, type Endpoint } from '../operations';
import { viewOf } from '../schema';
import { enumValues } from './attributes';
import { attributeAnchor, enumAnchor, eventAnchor, type ReferenceLinks } from './links';
import { heading, inlineCode, link, markdownBlocks, paragraph, text } from './mdast';
import { objectsOf, words } from './reference';

type EnumUsage = { label: string; pages: { title: string; href: string }[] };

/**
 * Where each enum is used: `Refund.status`, linked to the attribute on its resource's page. An
 * object several pages show (a charge on Charges, Ecommerce and Payment links) is one usage
 * that names each page.
 */
function enumUsages(document: ApiDocument, links: ReferenceLinks) {
  const usages = new Map<string, Map<string, EnumUsage>>();
  for (const tag of document.tags) {
    const page = links.tagPage(tag.name);
    if (!page) continue;
    for (const object of objectsOf(document, endpointsOf(document, tag.name))) {
      const view = viewOf(document, { $ref: `#/components/schemas/${object}` });
      for (const [property, child] of Object.entries(view.properties)) {
        const used = child.values ? child.component : child.items?.values && child.items.component;
        if (!used) continue;
        const label = `${object}.${property}`;
        const byLabel = usages.get(used) ?? new Map<string, EnumUsage>();
        usages.set(used, byLabel);
        const usage = byLabel.get(label) ?? { label, pages: [] };
        byLabel.set(label, usage);
        usage.pages.push({
          title: tag['x-displayName'] ?? tag.name,
          href: anchorRoute(page, attributeAnchor(object, property)),
        });
      }
    }
  }
  return new Map([...usages].map(([name, byLabel]) => [name, [...byLabel.values()]]));
}

/** Items joined as prose: `a`, `a and b`, `a, b and c`. */
function listed(items: PhrasingContent[][]): PhrasingContent[] {
  return items.flatMap((item, index) => [
    ...(index === 0 ? [] : [text(index === items.length - 1 ? ' and ' : ', ')]),
    ...item,
  ]);
}

/** A usage: its attribute linked, or, when several pages show it, the attribute and each page. */
function usagePhrase({ label, pages }: EnumUsage): PhrasingContent[] {
  if (pages.length === 1) return [link(pages[0]!.href, [text(label)])];
  return [
    text(`${label} (on `),
    ...listed(pages.map(({ title, href }) => [link(href, [text(title)])])),
    text(')'),
  ];
}

/** Every enum of the document, one section each. */
export function enumsCatalogue(document: ApiDocument, links: ReferenceLinks): RootContent[] {
  const usages = enumUsages(document, links);
  return Object.entries(document.components.schemas)
    .map(([name, schema]) => [name, viewOf(document, schema)] as const)
    .filter(([, view]) => view.values)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, view]) => {
      const usedBy = usages.get(name) ?? [];
      const usage = usedBy.length
        ? [paragraph([text('Used by '), ...listed(usedBy.map(usagePhrase)), text('.')])]
        : [];
      return [
        heading(2, name, enumAnchor(name)),
        ...markdownBlocks(view.description),
        ...usage,
        enumValues(view.values!, links),
      ];
    });
}

/** The error catalogue, each code with its own anchor. */
export function errorsCatalogue(document: ApiDocument): RootContent[] {
  const entries = errorCatalogue(document).sort(
    (a, b) => a.status - b.status || a.code.localeCompare(b.code),
  );
  const attributes = entries.map((entry) =>
    jsxElement(
      'Attribute',
      { name: entry.code, type: `${entry.status} · ${entry.type}`, anchor: entry.code },
      markdownBlocks(entry.description) as BlockContent[],
    ),
  );
  return [jsxElement('Attributes', {}, attributes as BlockContent[])];
}

/** The object an event carries in `data.object`, linked to its resource's page. */
function eventObject(event: Endpoint, page: string | undefined) {
  const component = event.bodyAttributes
    .find((attribute) => attribute.name === 'data')
    ?.children.find((attribute) => attribute.name === 'object')?.component;
  if (!component || !page) return [text('the resource')];
  return [text('the '), link(page, [text(words(component))])];
}

/** Every webhook event, grouped by resource. */
export function eventsCatalogue(document: ApiDocument, links: ReferenceLinks): RootContent[] {
  return document.tags.flatMap((tag) => {
    const events = endpointsOf(document, tag.name, document.webhooks);
    if (!events.length) return [];
    const attributes = events.map((event) => {
      const description = markdownBlocks(event.description);
      const carries = [
        text(' Its '),
        inlineCode('data.object'),
        text(' is '),
        ...eventObject(event, links.tagPage(tag.name)),
        text('.'),
      ];
      const last = description.at(-1);
      if (last?.type === 'paragraph') last.children.push(...carries);
      else description.push(paragraph(carries.slice(1)));
      return jsxElement(
        'Attribute',
        {
          name: event.summary,
          type: 'event',
          anchor: eventAnchor(event.summary),
          addedIn: event.addedIn,
        },
        description as BlockContent[],
      );
    });
    return [
      jsxElement('AttributesTitle', {}, [text(tag['x-displayName'] ?? tag.name)] as never),
      jsxElement('Attributes', {}, attributes as BlockContent[]),
    ];
  });
}

/** The JavaScript SDK signature of an endpoint: `kestrel.refunds.update(id, params)`. */
function sdkSignature(endpoint: Endpoint, client: string): string {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const takesParams =
    endpoint.bodyAttributes.length > 0 || endpoint.parameterAttributes.query.length > 0;
  if (takesParams) names.push('params');
  if (endpoint.parameters.header.some((parameter) => parameter.name === 'Idempotency-Key'))
    names.push('options');
  return `${client}.${endpoint.sdkMethod}(${names.join(', ')})`;
}

/** Every SDK method, resource by resource, with the request it makes. */
export function sdkMethodsCatalogue(
  document: ApiDocument,
  links: ReferenceLinks,
  client: string,
): RootContent[] {
  return document.tags.flatMap((tag) => {
    const endpoints = endpointsOf(document, tag.name);
    const page = links.tagPage(tag.name);
    if (!endpoints.length || !page) return [];
    const rows: TableRow[] = endpoints.map((endpoint) => ({
      type: 'tableRow',
      children: [
        { type: 'tableCell', children: [inlineCode(sdkSignature(endpoint, client))] },
        {
          type: 'tableCell',
          children: [
            link(anchorRoute(page, endpoint.anchor), [
              inlineCode(`${endpoint.method.toUpperCase()} ${endpoint.path}`),
            ]),
          ],
        },
      ],
    }));
    const header: TableRow = {
      type: 'tableRow',
      children: [
        { type: 'tableCell', children: [text('Method')] },
        { type: 'tableCell', children: [text('Request')] },
      ],
    };
    return [
      heading(3, tag['x-displayName'] ?? tag.name),
      { type: 'table', align: [null, null], children: [header, ...rows] },
    ];
  });
}
