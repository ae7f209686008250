// Writes the generated parts of pages as MDX, so they are compiled, highlighted, sectioned and
// indexed for search exactly like hand-written content.
import GithubSlugger from 'github-slugger';
import type { ApiDocument, Schema } from './document';
import { endpointsOf, errorCatalogue, type Endpoint } from './operations';
import { curlSample } from './samples/curl';
import { javascriptSample } from './samples/javascript';
import { pythonSample } from './samples/python';
import { attributesOf, kebabCase, viewOf, type Attribute, type EnumValue } from './schema';

const prop = (value: string) => `{${JSON.stringify(value)}}`;
const code = (value: unknown) => `\`${String(value)}\``;

/** `BookingComponent` → `booking component`. */
export function words(name: string): string {
  return kebabCase(name).replace(/-/g, ' ');
}

/** Tags rendered on a Basics page rather than on their own resource page. */
const BASICS_PAGES: Record<string, string> = {
  authentication: '/authentication',
  'webhook-endpoints': '/webhooks',
};

/** The page a tag's reference is rendered on. */
export function pageOfTag(tag: string): string {
  return BASICS_PAGES[tag] ?? `/resources/${tag}`;
}

/** The anchor of an enum's section on the enums page. */
export function enumHref(name: string): string {
  return `/resources/enums#${name.toLowerCase()}`;
}

function valuesMdx(values: EnumValue[], component?: string): string {
  const intro = component
    ? `Possible values ([${component}](${enumHref(component)})):`
    : 'Possible values:';
  const items = values.map(({ value, description }) =>
    description ? `- ${code(value)}: ${description}` : `- ${code(value)}`,
  );
  return `<EnumValues>\n\n${intro}\n\n${items.join('\n')}\n\n</EnumValues>`;
}

function attributeMdx(attribute: Attribute): string {
  const flags = [
    attribute.required && ' required',
    attribute.nullable && ' nullable',
    attribute.constraints.length && ` constraints=${prop(attribute.constraints.join(', '))}`,
  ];
  const details: string[] = [];
  if (attribute.description) details.push(attribute.description.trim());
  if (attribute.constValue !== undefined && !attribute.description?.includes('Always')) {
    details.push(`Always ${code(attribute.constValue)}.`);
  }
  if (attribute.defaultValue !== undefined) {
    details.push(`Defaults to ${code(JSON.stringify(attribute.defaultValue))}.`);
  }
  const body = [details.join(' ')];
  if (attribute.values) body.push(valuesMdx(attribute.values, attribute.component));
  if (attribute.children.length) {
    body.push(`<ChildAttributes>\n\n${attributesMdx(attribute.children)}\n\n</ChildAttributes>`);
  }
  return [
    `<Attribute name=${prop(attribute.name)} type=${prop(attribute.type)} anchor=${prop(attribute.anchor)}${flags.filter(Boolean).join('')}>`,
    ...body.filter(Boolean),
    '</Attribute>',
  ].join('\n\n');
}

/** An attribute list as MDX. */
export function attributesMdx(attributes: Attribute[]): string {
  return `<Attributes>\n\n${attributes.map(attributeMdx).join('\n\n')}\n\n</Attributes>`;
}

function fence(language: string, title: string, source: string): string {
  return `\`\`\`${language} title="${title}"\n${source}\n\`\`\``;
}

function endpointMdx(endpoint: Endpoint, baseUrl: string): string {
  const left: string[] = [`<MethodBadge method="${endpoint.method}" /> ${code(endpoint.path)}`];
  if (endpoint.description) left.push(endpoint.description.trim());
  const lists: [string, Attribute[]][] = [
    ['Headers', endpoint.parameterAttributes.header],
    ['Path parameters', endpoint.parameterAttributes.path],
    ['Query parameters', endpoint.parameterAttributes.query],
    ['Body', endpoint.bodyAttributes],
  ];
  for (const [title, attributes] of lists) {
    if (attributes.length)
      left.push(`<AttributesTitle>${title}</AttributesTitle>`, attributesMdx(attributes));
  }
  left.push(
    '<AttributesTitle>Returns</AttributesTitle>',
    `${code(endpoint.response.status)}: ${endpoint.response.description}`,
  );
  if (endpoint.errors.length) {
    left.push(
      '<AttributesTitle>Errors</AttributesTitle>',
      endpoint.errors
        .map(
          (error) =>
            `- ${code(error.status)} [${code(error.code)}](/errors#${error.code}): ${error.description}`,
        )
        .join('\n'),
    );
  }
  const samples = [
    fence('bash', 'cURL', curlSample(endpoint, baseUrl)),
    fence('js', 'JavaScript', javascriptSample(endpoint)),
    fence('python', 'Python', pythonSample(endpoint)),
  ];
  const right = [`<CodeGroup title="Request">\n\n${samples.join('\n\n')}\n\n</CodeGroup>`];
  if (endpoint.response.example !== undefined) {
    right.push(
      fence(
        'json',
        `Response ${endpoint.response.status}`,
        JSON.stringify(endpoint.response.example, null, 2),
      ),
    );
  }
  return [
    `## ${endpoint.summary}`,
    '<Row>\n<Col>',
    ...left,
    '</Col>\n<Col sticky>',
    ...right,
    '</Col>\n</Row>',
  ].join('\n\n');
}

/** The resource objects of a tag's endpoints: single objects returned, and list items. */
function objectsOf(document: ApiDocument, endpoints: Endpoint[]): string[] {
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

function objectMdx(document: ApiDocument, name: string): string {
  const schema = document.components.schemas[name] as Schema;
  const view = viewOf(document, schema);
  const title = schema.title ?? `The ${words(name)} object`;
  return [
    `## ${title}`,
    view.description?.trim() ?? '',
    attributesMdx(attributesOf(view.properties, view.required, kebabCase(name))),
  ].join('\n\n');
}

function eventsMdx(document: ApiDocument, tag: string): string {
  const events = endpointsOf(document, tag, document.webhooks);
  if (!events.length) return '';
  const items = events.map(
    (event) =>
      `- [${code(event.summary)}](/webhooks#${eventAnchor(event.summary)}): ${event.description?.trim() ?? ''}`,
  );
  return [
    '## Events',
    `These [webhook](/webhooks) events carry this resource in \`data.object\`.`,
    items.join('\n'),
  ].join('\n\n');
}

/** The anchor of an event on the webhooks page: `refund.created` → `refund-created`. */
export function eventAnchor(event: string): string {
  return `event-${event.replace(/[^a-z0-9_]+/gi, '-')}`;
}

/** A tag's objects, endpoints and events, as a reference page shows them after its introduction. */
export function referenceMdx(document: ApiDocument, tag: string, { objects = true } = {}): string {
  if (!document.tags.some((candidate) => candidate.name === tag)) {
    throw new Error(
      `openapi/openapi.yaml has no tag "${tag}". Add it to the document or fix the page's <ApiReference>.`,
    );
  }
  const endpoints = endpointsOf(document, tag);
  const baseUrl = document.servers[0]!.url;
  return [
    ...(objects ? objectsOf(document, endpoints).map((name) => objectMdx(document, name)) : []),
    ...endpoints.map((endpoint) => endpointMdx(endpoint, baseUrl)),
    eventsMdx(document, tag),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Where each enum is used: `[Refund.status](/resources/refunds#refund-status)` links by enum name. */
function enumUsages(document: ApiDocument): Map<string, string[]> {
  const usages = new Map<string, string[]>();
  for (const tag of document.tags) {
    for (const object of objectsOf(document, endpointsOf(document, tag.name))) {
      const view = viewOf(document, { $ref: `#/components/schemas/${object}` });
      for (const [property, child] of Object.entries(view.properties)) {
        const used = child.values ? child.component : child.items?.values && child.items.component;
        if (!used) continue;
        const link = `[${object}.${property}](${pageOfTag(tag.name)}#${kebabCase(object)}-${property.toLowerCase()})`;
        usages.set(used, [...(usages.get(used) ?? []), link]);
      }
    }
  }
  return usages;
}

/** Every enum of the document, one section each, for `/resources/enums`. */
export function enumsMdx(document: ApiDocument): string {
  const usages = enumUsages(document);
  return Object.entries(document.components.schemas)
    .map(([name, schema]) => [name, viewOf(document, schema)] as const)
    .filter(([, view]) => view.values)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, view]) => {
      const usedBy = usages.get(name);
      return [
        `## ${name}`,
        view.description?.trim() ?? '',
        usedBy ? `Used by ${usedBy.join(', ')}.` : '',
        valuesMdx(view.values!),
      ]
        .filter(Boolean)
        .join('\n\n');
    })
    .join('\n\n');
}

/** The error catalogue, each code with its own anchor, for `/errors`. */
export function errorsMdx(document: ApiDocument): string {
  const entries = errorCatalogue(document).sort(
    (a, b) => a.status - b.status || a.code.localeCompare(b.code),
  );
  const attributes = entries.map(
    (entry) =>
      `<Attribute name=${prop(entry.code)} type=${prop(`${entry.status} · ${entry.type}`)} anchor=${prop(entry.code)}>\n\n${entry.description}\n\n</Attribute>`,
  );
  return `<Attributes>\n\n${attributes.join('\n\n')}\n\n</Attributes>`;
}

/** Every webhook event, grouped by resource, for `/webhooks`. */
export function webhookEventsMdx(document: ApiDocument): string {
  return document.tags
    .map((tag) => {
      const events = endpointsOf(document, tag.name, document.webhooks);
      if (!events.length) return '';
      const attributes = events.map((event) => {
        const component = event.bodyAttributes
          .find((attribute) => attribute.name === 'data')
          ?.children.find((attribute) => attribute.name === 'object')?.component;
        const object = component
          ? `the [${words(component)}](${pageOfTag(tag.name)})`
          : 'the resource';
        return `<Attribute name=${prop(event.summary)} type=${prop('event')} anchor=${prop(eventAnchor(event.summary))}>\n\n${event.description?.trim() ?? ''} Its \`data.object\` is ${object}.\n\n</Attribute>`;
      });
      return [
        `<AttributesTitle>${tag['x-displayName'] ?? tag.name}</AttributesTitle>`,
        `<Attributes>\n\n${attributes.join('\n\n')}\n\n</Attributes>`,
      ].join('\n\n');
    })
    .filter(Boolean)
    .join('\n\n');
}

/** The JavaScript SDK signature of an endpoint: `kestrel.refunds.update(id, params)`. */
function sdkSignature(endpoint: Endpoint): string {
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const takesParams =
    endpoint.bodyAttributes.length > 0 || endpoint.parameterAttributes.query.length > 0;
  if (takesParams) names.push('params');
  if (endpoint.parameters.header.some((parameter) => parameter.name === 'Idempotency-Key'))
    names.push('options');
  return `kestrel.${endpoint.sdkMethod}(${names.join(', ')})`;
}

/** Every SDK method, resource by resource, with the request it makes, for the SDK usage page. */
export function sdkMethodsMdx(document: ApiDocument): string {
  return document.tags
    .map((tag) => {
      const endpoints = endpointsOf(document, tag.name);
      if (!endpoints.length) return '';
      const slugger = new GithubSlugger();
      const rows = endpoints.map((endpoint) => {
        const href = `${pageOfTag(tag.name)}#${slugger.slug(endpoint.summary)}`;
        return `| ${code(sdkSignature(endpoint))} | [${code(`${endpoint.method.toUpperCase()} ${endpoint.path}`)}](${href}) |`;
      });
      return [
        `### ${tag['x-displayName'] ?? tag.name}`,
        '| Method | Request |\n| --- | --- |',
        rows.join('\n'),
      ].join('\n');
    })
    .filter(Boolean)
    .join('\n\n');
}
