// Every page as a resource (`kestrel://docs/<route>`), the OpenAPI document as one, and the prompt
// that starts an integration.
import 'server-only';
import { readFile } from 'node:fs/promises';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DOCUMENT_FILE } from '@/lib/openapi/document';
import { HOME_ROUTE } from '@/lib/routes';
import { site } from '@/lib/site';
import { SAMPLE_LANGUAGES } from './operations';
import { listPages, pageResourceUri, PAGE_RESOURCE_PREFIX, readPage } from './pages';
import { documentScenarios } from './scenarios';

export const OPENAPI_RESOURCE_URI = 'kestrel://openapi.yaml';

/** The pages an integration of card payments reads, in the order it needs them. */
const PAYMENT_FLOW_PAGES = [
  '/authentication',
  '/resources/charges',
  '/3d-secure',
  '/idempotency',
  '/errors',
  '/webhooks',
  '/resources/refunds',
  '/testing',
];

async function pageContents(uri: URL, route: string) {
  const markdown = await readPage(route);
  return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: markdown }] };
}

/** The scenarios a payment flow should rehearse: the first of each group of charge scenarios. */
function paymentScenarios() {
  const seen = new Set<string>();
  return documentScenarios().filter((scenario) => {
    if (scenario.operation !== 'createCharge' || seen.has(scenario.group)) return false;
    seen.add(scenario.group);
    return true;
  });
}

export function registerResources(server: McpServer) {
  server.registerResource(
    'home',
    pageResourceUri(HOME_ROUTE),
    { title: `${site.name} documentation`, mimeType: 'text/markdown' },
    (uri) => pageContents(uri, HOME_ROUTE),
  );
  server.registerResource(
    'page',
    new ResourceTemplate(`${PAGE_RESOURCE_PREFIX}/{+path}`, {
      list: async () => ({
        resources: (await listPages())
          .filter((page) => page.route !== HOME_ROUTE)
          .map((page) => ({
            uri: pageResourceUri(page.route),
            name: page.title,
            description: page.description,
            mimeType: 'text/markdown',
          })),
      }),
    }),
    { title: 'A documentation page', mimeType: 'text/markdown' },
    (uri, { path }) => pageContents(uri, `/${String(path)}`),
  );
  server.registerResource(
    'openapi',
    OPENAPI_RESOURCE_URI,
    {
      title: `The ${site.name} OpenAPI document`,
      description:
        'Every operation, schema, error code, webhook event and test scenario of the API.',
      mimeType: 'application/yaml',
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/yaml',
          text: await readFile(DOCUMENT_FILE, 'utf8'),
        },
      ],
    }),
  );

  server.registerPrompt(
    'integrate-payment-flow',
    {
      title: 'Integrate a payment flow',
      description: `Plans and builds a ${site.name} card payment integration, rehearsed in the sandbox before any code is trusted.`,
      argsSchema: {
        language: z.enum(SAMPLE_LANGUAGES).optional().describe('The language to write it in'),
        goal: z
          .string()
          .max(500)
          .optional()
          .describe('What the integration must do, in a sentence'),
      },
    },
    ({ language, goal }) => {
      const pages = PAYMENT_FLOW_PAGES.map((route) => `- ${pageResourceUri(route)}`).join('\n');
      const scenarios = paymentScenarios()
        .map(
          (scenario) =>
            `- ${scenario.title}${scenario.trigger ? ` (${scenario.trigger.field} = ${JSON.stringify(scenario.trigger.value)})` : ''}: ${scenario.outcome.status}`,
        )
        .join('\n');
      const text = [
        `Integrate ${site.name} card payments${language ? ` in ${language}` : ''}${goal ? `: ${goal}` : ''}.`,
        '',
        'Read these pages first (read_page, or the resources):',
        pages,
        '',
        'Then, before writing code:',
        '1. get_operation createCharge, and each other operation the flow needs, for the exact parameters and errors.',
        '2. open_sandbox, and with call_api create a charge for each of these test scenarios (list_scenarios has them all):',
        scenarios,
        '3. list_events for the webhooks each one sent, and verify_signature on one of them with the signing secret.',
        '',
        'Write the integration so that every POST sends an Idempotency-Key, declines and errors are handled as explain_error advises, and the webhook handler verifies the signature over the raw body before it trusts an event.',
      ].join('\n');
      return { messages: [{ role: 'user', content: { type: 'text', text } }] };
    },
  );
}
