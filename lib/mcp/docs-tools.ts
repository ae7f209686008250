// The read-only tools over the documentation: search, pages, operations, test scenarios and codes.
import 'server-only';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { loadDocument } from '@/lib/openapi/document';
import { errorCatalogue } from '@/lib/openapi/operations';
import { embeddedSearchEngine } from '@/lib/search/embedded-engine';
import { RECORD_TYPES } from '@/lib/search/record-types';
import type { SearchRecord } from '@/lib/search/records';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { stripSiteSuffix } from '@/lib/titles';
import { MAX_SEARCH_HITS } from './limits';
import { operationDetails, SAMPLE_LANGUAGES } from './operations';
import { readPage } from './pages';
import { retryAdvice } from './retry-advice';
import { documentScenarios } from './scenarios';
import { answered, jsonResult, textResult, ToolError } from './tool-result';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
/** Hits searched before a type filter applies, so a filtered search still finds enough. */
const FILTERED_SEARCH_DEPTH = 200;

/** A search record as a tool returns it: where it is and what it says. */
function hitOf(record: SearchRecord) {
  return {
    type: record.type,
    title: stripSiteSuffix(record.title),
    where: record.hierarchy.join(' > '),
    url: absoluteUrl(record.path),
    ...(record.method ? { endpoint: `${record.method} ${record.endpoint}` } : {}),
    ...(record.name !== undefined ? { name: record.name } : {}),
    excerpt: record.content,
  };
}

function search(query: string, types: readonly string[] | undefined, limit: number) {
  const engine = embeddedSearchEngine();
  const hitsPerPage = types ? FILTERED_SEARCH_DEPTH : limit;
  const { hits } = engine.search(query, { hitsPerPage, pre: '', post: '' });
  return hits
    .filter((hit) => !types || types.includes(hit.type))
    .slice(0, limit)
    .map(hitOf);
}

/** Every error, failure or decline code with this exact name, from the search records. */
function codeRecords(code: string) {
  const { hits } = embeddedSearchEngine().search(code, {
    hitsPerPage: FILTERED_SEARCH_DEPTH,
    pre: '',
    post: '',
  });
  return hits.filter((hit) => hit.type === 'code' && hit.name === code);
}

export function registerDocsTools(server: McpServer, origin: string) {
  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description:
        'Searches the Kestrel Pay documentation as its search dialog does: pages, sections, guides, API endpoints, error and decline codes, webhook events, fields, parameters and test scenarios, best first. Each hit has its URL; read it with read_page, or an endpoint with get_operation.',
      inputSchema: {
        query: z
          .string()
          .trim()
          .min(1)
          .max(256)
          .describe('Words to search for, such as "refund part of a charge"'),
        types: z.array(z.enum(RECORD_TYPES)).min(1).optional().describe('Only hits of these types'),
        limit: z.number().int().min(1).max(MAX_SEARCH_HITS).default(8),
      },
      annotations: READ_ONLY,
    },
    ({ query, types, limit }) =>
      answered('search_docs', async () => {
        const hits = search(query, types, limit);
        return jsonResult({ query, hits });
      }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description:
        'A documentation page as Markdown, the same as its .md export, or one section of it. Give the path (/resources/refunds), a URL from search_docs (its #anchor picks the section) or a kestrel://docs/ resource URI.',
      inputSchema: {
        page: z
          .string()
          .trim()
          .min(1)
          .max(2048)
          .describe('Path or URL, such as /resources/refunds#create-a-refund'),
        section: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .optional()
          .describe('A section anchor, such as create-a-refund'),
      },
      annotations: READ_ONLY,
    },
    ({ page, section }) =>
      answered('read_page', async () => textResult(await readPage(page, section))),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description:
        "One API operation: method, path, parameters, request and response schemas with every $ref resolved, error codes, the roles it needs, the version that added it, and a sample for this site's sandbox.",
      inputSchema: {
        operation: z
          .string()
          .trim()
          .min(1)
          .max(300)
          .describe('An operationId (createRefund) or METHOD /path (POST /v1/refunds)'),
        language: z.enum(SAMPLE_LANGUAGES).default('curl').describe('The language of the sample'),
      },
      annotations: READ_ONLY,
    },
    ({ operation, language }) =>
      answered('get_operation', async () =>
        jsonResult(await operationDetails(operation, language, origin)),
      ),
  );

  server.registerTool(
    'list_scenarios',
    {
      title: 'List test scenarios',
      description:
        'The sandbox test scenarios: the request value that triggers each (a test card, amount or switch) and the outcome it produces (status, failure code, events). Filter by operation or words.',
      inputSchema: {
        operation: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .optional()
          .describe('Only scenarios of this operationId, such as createCharge'),
        contains: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .optional()
          .describe('Only scenarios whose title, group or description contains this'),
      },
      annotations: READ_ONLY,
    },
    ({ operation, contains }) =>
      answered('list_scenarios', async () => {
        const words = contains?.toLowerCase();
        const scenarios = documentScenarios()
          .filter((scenario) => !operation || scenario.operation === operation)
          .filter(
            (scenario) =>
              !words ||
              [
                scenario.title,
                scenario.group,
                scenario.description,
                String(scenario.trigger?.value ?? ''),
              ]
                .join(' ')
                .toLowerCase()
                .includes(words),
          )
          .map((scenario) => ({ ...scenario, url: absoluteUrl(`/testing#${scenario.id}`) }));
        return jsonResult({ count: scenarios.length, scenarios });
      }),
  );

  server.registerTool(
    'explain_error',
    {
      title: 'Explain a code',
      description:
        'What an API error code (such as idempotency_key_reused), a failure code or a decline code (such as insufficient_funds) means, whether and how to retry, and the page that documents it.',
      inputSchema: {
        code: z.string().trim().min(1).max(100).describe('The code as the API reports it'),
      },
      annotations: READ_ONLY,
    },
    ({ code }) =>
      answered('explain_error', async () => {
        const records = codeRecords(code);
        if (!records.length) {
          const near = search(code, ['code'], 5).map((hit) => hit.name);
          throw new ToolError(
            `No error, failure or decline code is named "${code}".${near.length ? ` Close names: ${near.join(', ')}.` : ''}`,
          );
        }
        const error = errorCatalogue(loadDocument()).find((entry) => entry.code === code);
        return jsonResult({
          code,
          ...(error
            ? {
                kind: 'error',
                http_status: error.status,
                type: error.type,
                retry: retryAdvice(error),
              }
            : { kind: 'failure' }),
          meanings: records.map((record) => ({
            where: record.hierarchy.at(-1),
            meaning: record.content,
            url: absoluteUrl(record.path),
          })),
        });
      }),
  );
}
