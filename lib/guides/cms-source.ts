import 'server-only';
import { ClientError, GraphQLClient } from 'graphql-request';
import { z } from 'zod';
import type { GuidesSource } from '@/lib/config/env';
import { sortByTitle, validGuides, type Guide, type GuideWithBody } from './model';

type CmsConfig = Extract<GuidesSource, { kind: 'cms' }>;

const guideFields = 'id title slug summary category image { url alt title }';
export const allGuidesQuery = `query AllGuides { allGuides(orderBy: title_ASC) { ${guideFields} } }`;
export const guideQuery = `query Guide($slug: String!) { guide(filter: { slug: { eq: $slug } }) { ${guideFields} body } }`;

/** The message of a failed CMS call (SPEC 8), never the response body or the request. */
export function cmsErrorMessage(error: unknown, config: Pick<CmsConfig, 'timeoutMs' | 'token'>) {
  let message: string;
  if (error instanceof ClientError) {
    // Built from the response, not error.message, which ends with the response and request as JSON.
    const { errors, status } = error.response;
    message = errors?.[0]?.message ?? `GraphQL Error (Code: ${status})`;
  } else if (error instanceof Error && error.name === 'TimeoutError') {
    message = `The content service did not answer within ${config.timeoutMs} ms`;
  } else if (error instanceof Error) {
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    message = typeof code === 'string' ? `${error.message} (${code})` : error.message;
  } else {
    message = String(error);
  }
  return message.replaceAll(config.token, '[token]');
}

function client(config: CmsConfig) {
  const caching: RequestInit =
    config.revalidateSeconds === 0
      ? { cache: 'no-store' }
      : { next: { revalidate: config.revalidateSeconds } };
  return new GraphQLClient(config.url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${config.token}`,
      Accept: 'application/graphql-response+json, application/json',
    },
    fetch: (input, init) =>
      fetch(input, { ...init, ...caching, signal: AbortSignal.timeout(config.timeoutMs) }),
  });
}

/** Runs a query, turning any failure into an Error with a clean message. */
async function query<T>(config: CmsConfig, document: string, variables?: Record<string, string>) {
  try {
    return await client(config).request<T>(document, variables);
  } catch (error) {
    throw new Error(cmsErrorMessage(error, config));
  }
}

/** The guides list from the CMS, valid entries only, ordered by title. */
export async function fetchCmsGuides(config: CmsConfig): Promise<Guide[]> {
  const data = await query<{ allGuides?: unknown }>(config, allGuidesQuery);
  if (!Array.isArray(data?.allGuides)) {
    throw new Error('The content service answered without an allGuides list');
  }
  return sortByTitle(validGuides(data.allGuides));
}

/** One guide with its Markdown body from the CMS, or null when no guide has that slug. */
export async function fetchCmsGuide(
  config: CmsConfig,
  slug: string,
): Promise<GuideWithBody | null> {
  const data = await query<{ guide?: unknown }>(config, guideQuery, { slug });
  if (!data?.guide) return null;
  const [guide] = validGuides([data.guide]);
  const body = z.object({ body: z.string() }).safeParse(data.guide);
  if (!guide || !body.success) return null;
  return { ...guide, body: body.data.body, format: 'md' };
}
