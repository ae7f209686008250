import { SANDBOX_KEY_PAIR } from '../../lib/sandbox/keys.ts';
import { SEARCH_REQUESTS } from '../bench/search-queries.mjs';
import { SAMPLED_PAGES } from '../sampled-pages.mjs';

/** Markers of components/guides/guide-list.tsx: a guide card, and the line shown for none. */
const GUIDE_CARD = 'data-slot="guide-card"';
const EMPTY_GUIDES = 'data-slot="guide-list-empty"';
const RENDERED_PAGE = '<h1';
/** One search query in eight of the benchmark's fifty, so pages and search weigh about the same. */
const SEARCHES = SEARCH_REQUESTS.filter((_, index) => index % 8 === 0);

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * Sandbox traffic, in the order a reader's console sends it: a token (a new sandbox each round
 * of a connection), then create, retrieve and list a customer in that sandbox. Each round opens
 * a sandbox, so the run also proves memory stays within the sandbox caps.
 */
function sandboxRequests() {
  const authorised = (request, context) => ({
    ...request,
    headers: { ...JSON_HEADERS, authorization: `Bearer ${context.token}` },
  });
  return [
    {
      label: 'sandbox token',
      request: {
        method: 'POST',
        path: '/sandbox/v1/auth/token',
        headers: JSON_HEADERS,
        body: JSON.stringify({
          public_key: SANDBOX_KEY_PAIR.publicKey,
          private_key: SANDBOX_KEY_PAIR.privateKey,
        }),
      },
      remember: (body, context) => (context.token = JSON.parse(body).access_token),
      expect: { status: 200, contains: ['"access_token"'] },
    },
    {
      label: 'sandbox create',
      request: {
        method: 'POST',
        path: '/sandbox/v1/customers',
        body: JSON.stringify({ name: 'Amelia Hart', email: 'amelia@example.com' }),
        setupRequest: (request, context) => {
          const signed = authorised(request, context);
          const key = { 'idempotency-key': `load-${Math.random()}` };
          return { ...signed, headers: { ...signed.headers, ...key } };
        },
      },
      remember: (body, context) => (context.customer = JSON.parse(body).id),
      expect: { status: 201, contains: ['"cus_'] },
    },
    {
      label: 'sandbox retrieve',
      request: {
        method: 'GET',
        path: '/sandbox/v1/customers',
        setupRequest: (request, context) => ({
          ...authorised(request, context),
          path: `/sandbox/v1/customers/${context.customer}`,
        }),
      },
      expect: { status: 200, contains: ['"customer"'] },
    },
    {
      label: 'sandbox list',
      request: { method: 'GET', path: '/sandbox/v1/charges?limit=5', setupRequest: authorised },
      expect: { status: 200, contains: ['"list"'] },
    },
  ];
}

/**
 * The requests of the load test and what each must answer. `guides` is where guides come from:
 * `local` (the embedded defaults) lists cards; `cms-down` (the CMS configured but unreachable)
 * must still render every page, with the empty-guides line where guides are listed, and a
 * guide page is then a 404, since the CMS holds the guides.
 */
export function requestMix(guides) {
  const listing = guides === 'local' ? [GUIDE_CARD] : [RENDERED_PAGE, EMPTY_GUIDES];
  const page = (label, path, status, contains) => ({
    label,
    request: { method: 'GET', path },
    expect: { status, contains },
  });
  return [
    ...sandboxRequests(),
    page('resource page', SAMPLED_PAGES.resource, 200, [RENDERED_PAGE]),
    guides === 'local'
      ? page('guide page', SAMPLED_PAGES.guide, 200, [RENDERED_PAGE])
      : page('guide page', SAMPLED_PAGES.guide, 404, []),
    page('category page', SAMPLED_PAGES.category, 200, listing),
    page('introduction', SAMPLED_PAGES.introduction, 200, listing),
    page('/errors', '/errors', 200, [RENDERED_PAGE]),
    page('unknown path', '/no-such-page', 404, []),
    ...SEARCHES.map((request) => ({
      label: 'search',
      request,
      expect: { status: 200, contains: ['"hits"'] },
    })),
  ];
}

/**
 * The mix as autocannon requests that tally every answer by label in `tally`: how many, and
 * which broke their expectation (wrong status, or a missing marker in the body).
 */
export function tallyingRequests(mix, tally) {
  return mix.map(({ label, request, expect, remember }) => ({
    ...request,
    onResponse: (status, body, context) => {
      if (status === expect.status) remember?.(body, context);
      const entry = (tally[label] ??= { answers: 0, broken: 0, lastProblem: '' });
      entry.answers += 1;
      const problem = problemWith(request, expect, status, body);
      if (problem) {
        entry.broken += 1;
        entry.lastProblem = problem;
      }
    },
  }));
}

/** How an answer breaks its expectation (wrong status, or a missing marker), or '' if it does not. */
function problemWith(request, expect, status, body) {
  if (status !== expect.status) return `${request.path} answered ${status}, not ${expect.status}`;
  const missing = expect.contains.find((marker) => !body.includes(marker));
  return missing ? `${request.path} lacks ${missing}` : '';
}

/**
 * Asks each page of the mix, one at a time and with no other load, until it answers as expected
 * or `timeoutS` has passed; returns what is still wrong, by label. A page prerendered while a CMS
 * answered renders again in the background once a request finds it stale, and under load that
 * can take longer than any fixed warm-up on a slow machine.
 */
export async function settlePages(baseUrl, mix, timeoutS) {
  const deadline = Date.now() + timeoutS * 1000;
  let pending = mix.filter(({ request }) => request.method === 'GET' && !request.setupRequest);
  const problems = new Map();
  while (pending.length > 0 && Date.now() < deadline) {
    for (const { label, request, expect } of pending) {
      const response = await fetch(baseUrl + request.path);
      problems.set(label, problemWith(request, expect, response.status, await response.text()));
    }
    pending = pending.filter(({ label }) => problems.get(label));
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return pending.map(({ label }) => `${label}: ${problems.get(label)} after ${timeoutS} s`);
}
