import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { cmsGuides } from './cms-fixtures';

type Guide = (typeof cmsGuides)[number];
/** How the GraphQL endpoint answers: normally, or with one of the failures of SPEC 8. */
export type CmsMode = 'ok' | 'status-500' | 'graphql-errors' | 'hang';

const typeDefs = /* GraphQL */ `
  enum GuideModelOrderBy {
    title_ASC
    title_DESC
  }
  input StringFilter {
    eq: String
  }
  input GuideModelFilter {
    slug: StringFilter
  }
  type FileField {
    url: String!
    alt: String
    title: String
  }
  type GuideRecord {
    id: ID!
    title: String!
    slug: String!
    summary: String!
    category: String!
    image: FileField
    body: String!
  }
  type Query {
    allGuides(orderBy: [GuideModelOrderBy]): [GuideRecord!]!
    guide(filter: GuideModelFilter): GuideRecord
  }
`;

async function readJson(request: IncomingMessage) {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body ? JSON.parse(body) : {};
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/**
 * A GraphQL CMS on localhost speaking the `allGuides` schema, with a control endpoint to make
 * it fail, go down, come back, or change its content.
 */
export async function startCmsServer(token: string) {
  const state = { guides: structuredClone(cmsGuides) as Guide[], mode: 'ok' as CmsMode };
  const requests: { authorization?: string; accept?: string; query: string }[] = [];
  const hanging = new Set<ServerResponse>();

  const yoga = createYoga({
    schema: createSchema({
      typeDefs,
      resolvers: {
        Query: {
          allGuides: (_: unknown, { orderBy }: { orderBy?: string[] }) => {
            const sorted = [...state.guides].sort((a, b) => a.title.localeCompare(b.title));
            return orderBy?.includes('title_DESC') ? sorted.reverse() : sorted;
          },
          guide: (_: unknown, { filter }: { filter?: { slug?: { eq?: string } } }) =>
            state.guides.find((guide) => guide.slug === filter?.slug?.eq) ?? null,
        },
      },
    }),
    graphqlEndpoint: '/graphql',
    logging: false,
    maskedErrors: false,
  });

  const graphql = createServer(async (request, response) => {
    const clone = await readJson(request).catch(() => ({}));
    requests.push({
      authorization: request.headers.authorization,
      accept: request.headers.accept,
      query: String(clone.query ?? ''),
    });
    if (state.mode === 'hang') return void hanging.add(response);
    if (state.mode === 'status-500') {
      response
        .writeHead(500, { 'content-type': 'text/html' })
        .end('<h1>Internal Server Error</h1>');
      return;
    }
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (state.mode === 'graphql-errors') {
      return send(200, { data: null, errors: [{ message: 'Model "guide" is being migrated' }] });
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      return send(401, { errors: [{ message: 'Invalid API token' }] });
    }
    const replay = new Request(`http://cms${request.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: request.headers.accept ?? '' },
      body: JSON.stringify(clone),
    });
    const answer = await yoga.fetch(replay);
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(await answer.text());
  });
  const graphqlPort = await listen(graphql);

  const control = createServer(async (request, response) => {
    const body = await readJson(request).catch(() => ({}));
    const reply = (value: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.url === '/requests') return reply(requests);
    if (request.url === '/mode') state.mode = body.mode;
    if (request.url === '/guides') state.guides = body.guides;
    if (request.url === '/reset') {
      state.mode = 'ok';
      state.guides = structuredClone(cmsGuides);
      requests.length = 0;
    }
    if (request.url === '/down') {
      graphql.closeAllConnections();
      await new Promise((resolve) => graphql.close(resolve));
    }
    if (request.url === '/up' && !graphql.listening) await listen(graphql, graphqlPort);
    for (const pending of hanging) pending.destroy();
    hanging.clear();
    reply({ ok: true });
  });
  const controlPort = await listen(control);

  return {
    url: `http://127.0.0.1:${graphqlPort}/graphql`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    async close() {
      for (const pending of hanging) pending.destroy();
      graphql.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => graphql.close(resolve)),
        new Promise((resolve) => control.close(resolve)),
      ]);
    },
  };
}
