// A tag's reference as a page shows it after its introduction: its objects, every endpoint with
// its parameters, samples and response, and the events that carry it.
import type { BlockContent, RootContent } from 'mdast';
import { jsxElement } from '@/lib/mdx/jsx';
import type { Access } from '../access';
import { resolve, type ApiDocument, type Parameter, type Schema } from '../document';
import { accessOf } from '../operation-access';
import { allOperations, endpointsOf, type Endpoint } from '../operations';
import { curlSample } from '../samples/curl';
import { javascriptSample } from '../samples/javascript';
import { phpSample } from '../samples/php';
import { pythonSample } from '../samples/python';
import { attributesOf, kebabCase, viewOf, type Attribute } from '../schema';
import { attributesList, attributesTitle } from './attributes';
import type { ReferenceLinks } from './links';
import {
  code,
  heading,
  inlineCode,
  link,
  markdownBlocks,
  markdownInline,
  paragraph,
  text,
  bulletList,
} from './mdast';

/** `BookingComponent` → `booking component`. */
export function words(name: string): string {
  return kebabCase(name).replace(/-/g, ' ');
}

/** The resource objects of a tag's endpoints: single objects returned, and list items. */
export function objectsOf(document: ApiDocument, endpoints: Endpoint[]): string[] {
  const names: string[] = [];
  for (const { response } of endpoints) {
    if (!response.schemaName) continue;
    const schema = document.components.schemas[response.schemaName];
    const view = viewOf(document, schema ?? {});
    const name =
      view.items?.component ?? view.properties.data?.items?.component ?? response.schemaName;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

function objectSection(document: ApiDocument, name: string, links: ReferenceLinks): RootContent[] {
  const schema = document.components.schemas[name] as Schema;
  const view = viewOf(document, schema);
  return [
    heading(2, schema.title ?? `The ${words(name)} object`),
    ...markdownBlocks(view.description),
    attributesList(attributesOf(view.properties, view.required, kebabCase(name)), links),
  ];
}

/** Share of operations a parameter must be part of to count as one that every request takes. */
const EVERY_REQUEST = 0.9;

/** The parameters (by name) nearly every operation takes, such as the API version header. */
export function everyRequestParameters(document: ApiDocument): Set<string> {
  const operations = allOperations(document);
  const uses = new Map<string, number>();
  for (const { path, operation } of operations) {
    const declared = [...(document.paths[path]?.parameters ?? []), ...(operation.parameters ?? [])];
    for (const parameter of declared) {
      if (!('$ref' in parameter)) continue;
      const { name } = resolve<Parameter>(document, parameter);
      uses.set(name, (uses.get(name) ?? 0) + 1);
    }
  }
  return new Set(
    [...uses]
      .filter(([, count]) => count >= operations.length * EVERY_REQUEST)
      .map(([name]) => name),
  );
}

/**
 * A parameter every request takes, as one endpoint shows it: its first sentence, without the
 * values and details its own page (linked from that sentence or the page's introduction) gives.
 */
function briefly(attribute: Attribute): Attribute {
  const first = attribute.description?.match(/^[\s\S]*?[.!?](?=\s|$)/)?.[0];
  return {
    ...attribute,
    description: first ?? attribute.description,
    values: undefined,
    children: [],
  };
}

function endpointColumn(
  endpoint: Endpoint,
  access: Access,
  links: ReferenceLinks,
  everyRequest: Set<string>,
): RootContent[] {
  const column: RootContent[] = [
    jsxElement('Endpoint', {
      method: endpoint.method,
      path: endpoint.path,
      operation: endpoint.operationId,
      access,
      addedIn: endpoint.addedIn,
    }),
    ...markdownBlocks(endpoint.description),
  ];
  const lists: [string, Attribute[]][] = [
    [
      'Headers',
      endpoint.parameterAttributes.header.map((header) =>
        everyRequest.has(header.name) ? briefly(header) : header,
      ),
    ],
    ['Path parameters', endpoint.parameterAttributes.path],
    ['Query parameters', endpoint.parameterAttributes.query],
    ['Body', endpoint.bodyAttributes],
  ];
  for (const [title, attributes] of lists) {
    if (attributes.length) column.push(attributesTitle(title), attributesList(attributes, links));
  }
  column.push(
    attributesTitle('Returns'),
    paragraph([
      inlineCode(endpoint.response.status),
      text(': '),
      ...markdownInline(endpoint.response.description),
    ]),
  );
  if (endpoint.errors.length) {
    column.push(
      attributesTitle('Errors'),
      bulletList(
        endpoint.errors.map((error) => [
          inlineCode(error.status),
          text(' '),
          link(links.errorHref(error.code), [inlineCode(error.code)]),
          text(': '),
          ...markdownInline(error.description),
        ]),
      ),
    );
  }
  return column;
}

function samplesColumn(endpoint: Endpoint, baseUrl: string): RootContent[] {
  const samples = [
    code('bash', 'cURL', curlSample(endpoint, baseUrl)),
    code('js', 'JavaScript', javascriptSample(endpoint)),
    code('python', 'Python', pythonSample(endpoint)),
    code('php', 'PHP', phpSample(endpoint)),
  ];
  const column: RootContent[] = [
    jsxElement('CodeGroup', { title: 'Request' }, samples as BlockContent[]),
  ];
  const { example, status } = endpoint.response;
  if (example !== undefined) {
    column.push(code('json', `Response ${status}`, JSON.stringify(example, null, 2)));
  }
  return column;
}

function endpointSection(
  document: ApiDocument,
  endpoint: Endpoint,
  baseUrl: string,
  links: ReferenceLinks,
  everyRequest: Set<string>,
) {
  const access = accessOf(document, document.paths[endpoint.path]![endpoint.method]!);
  return [
    heading(2, endpoint.summary, endpoint.anchor),
    jsxElement('Row', {}, [
      jsxElement(
        'Col',
        {},
        endpointColumn(endpoint, access, links, everyRequest) as BlockContent[],
      ),
      jsxElement('Col', { sticky: true }, samplesColumn(endpoint, baseUrl) as BlockContent[]),
    ] as BlockContent[]),
  ];
}

function eventsSection(document: ApiDocument, tag: string, links: ReferenceLinks): RootContent[] {
  const events = endpointsOf(document, tag, document.webhooks);
  if (!events.length) return [];
  return [
    heading(2, 'Events'),
    paragraph([
      text('These '),
      link(links.eventsPage(), [text('webhook')]),
      text(' events carry this resource in '),
      inlineCode('data.object'),
      text('.'),
    ]),
    bulletList(
      events.map((event) => [
        link(links.eventHref(event.summary), [inlineCode(event.summary)]),
        text(': '),
        ...markdownInline(event.description),
      ]),
    ),
  ];
}

/** A tag's objects, endpoints and events, as a reference page shows them after its introduction. */
export function tagReference(
  document: ApiDocument,
  tag: string,
  links: ReferenceLinks,
): RootContent[] {
  if (!document.tags.some((candidate) => candidate.name === tag)) {
    throw new Error(
      `openapi/openapi.yaml has no tag "${tag}". Add it to the document or fix the page's <ApiReference>.`,
    );
  }
  const endpoints = endpointsOf(document, tag);
  const baseUrl = document.servers[0]!.url;
  const everyRequest = everyRequestParameters(document);
  return [
    ...objectsOf(document, endpoints).flatMap((name) => objectSection(document, name, links)),
    ...endpoints.flatMap((endpoint) =>
      endpointSection(document, endpoint, baseUrl, links, everyRequest),
    ),
    ...eventsSection(document, tag, links),
  ];
}
