// What the production server answers for methods a path does not take, the headers of every
// answer, its own included, and the site's origin in what it hands back when a client names
// another host.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSite } from '@/scripts/lib/site-server';

const baseUrl = inject('baseUrl');

type Answer = { status: number; headers: Record<string, string>; body: string };

/** One exchange through node:http, which sends any method and any Host, unlike fetch. */
function ask(url: string, method = 'GET', headers: Record<string, string> = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: text,
        }),
      );
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The headers every page carries for the browser, whatever its content. */
const POLICY_HEADERS = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];

const PAGE = '/resources/charges';
/** A page, its derived outputs and the site's files: each takes GET, HEAD and OPTIONS only. */
const READ_ONLY = [
  '/',
  PAGE,
  '/resources/charges.md',
  '/articles/resources/charges.html',
  '/og/resources/charges.png',
  '/llms-full.txt',
  '/kestrel-sandbox-forward.mjs',
  '/healthz',
];

describe('a method a path does not take', () => {
  it.each(READ_ONLY)(
    '%s answers 405 naming GET, HEAD and OPTIONS, and 204 to OPTIONS',
    async (path) => {
      for (const method of ['DELETE', 'PATCH', 'POST', 'PUT', 'TRACE']) {
        const refused = await ask(`${baseUrl}${path}`, method);
        expect(refused.status, `${method} ${path}`).toBe(405);
        expect(refused.headers.allow).toBe('GET, HEAD, OPTIONS');
      }
      const options = await ask(`${baseUrl}${path}`, 'OPTIONS');
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    },
  );

  it('answers 405 in the sandbox’s envelope, naming the path’s documented methods', async () => {
    const refused = await ask(`${baseUrl}/sandbox/v1/charges`, 'DELETE');
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe('GET, HEAD, POST');
    expect(JSON.parse(refused.body).error).toMatchObject({
      code: 'parameter_invalid',
      param: null,
    });
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'])(
    'answers %s /mcp with 405 naming POST',
    async (method) => {
      const refused = await ask(`${baseUrl}/mcp`, method);
      expect(refused.status).toBe(405);
      expect(refused.headers.allow).toBe('POST');
    },
  );
});

describe('the headers of every answer', () => {
  it('keep pages, files and endpoints to this site’s own pages (Cross-Origin-Resource-Policy)', async () => {
    const home = await ask(`${baseUrl}/`);
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(home.body)![1]!;
    for (const path of [PAGE, script, '/og/resources/charges.png', '/resources/charges.md']) {
      const answer = await ask(`${baseUrl}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cross-origin-resource-policy'], path).toBe('same-origin');
    }
    const sandbox = await ask(`${baseUrl}/sandbox/v1/charges`);
    expect(sandbox.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('are the page’s in the server’s own answers: its health, refusals and OPTIONS', async () => {
    const page = await ask(`${baseUrl}${PAGE}`);
    const own = [
      await ask(`${baseUrl}/healthz`),
      await ask(`${baseUrl}${PAGE}`, 'DELETE'),
      await ask(`${baseUrl}/sandbox/v1/charges`, 'TRACE'),
      await ask(`${baseUrl}${PAGE}`, 'OPTIONS'),
    ];
    for (const answer of own) {
      for (const name of POLICY_HEADERS) {
        expect(answer.headers[name], `${answer.status} ${name}`).toBe(page.headers[name]);
      }
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    const connectAnswer = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.write('CONNECT /sandbox HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    expect(connectAnswer).toMatch(/^HTTP\/1\.1 405 /);
    expect(connectAnswer).toContain('X-Content-Type-Options: nosniff');
  });
});

/** The site the downloaded forwarder names. */
const downloadedFrom = (script: string) => /const DOWNLOADED_FROM = (.*);/.exec(script)?.[1];

describe('the site’s origin in what it hands back, with a forged Host', () => {
  it('is the host the client named, in an answer no cache keeps, when no site URL is set', async () => {
    const forwarder = await ask(`${baseUrl}/kestrel-sandbox-forward.mjs`, 'GET', {
      host: 'evil.example',
    });
    expect(downloadedFrom(forwarder.body)).toBe('"http://evil.example"');
    expect(forwarder.headers['cache-control']).toBe('private, no-store');
    expect(forwarder.headers.vary).toMatch(/\bHost\b/);
    const markup = await ask(`${baseUrl}/kestrel-sandbox-forward.mjs`, 'GET', {
      host: 'evil.example"</script>',
    });
    expect(downloadedFrom(markup.body)).not.toContain('evil');
  });

  describe('with NEXT_PUBLIC_SITE_URL set, behind a trusted proxy', () => {
    const SITE_URL = 'https://docs.example.com';
    let site: Awaited<ReturnType<typeof startSite>>;
    beforeAll(async () => {
      site = await startSite({ env: { NEXT_PUBLIC_SITE_URL: SITE_URL, TRUST_PROXY: 'true' } });
    }, 60_000);
    afterAll(() => site?.stop());

    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

    it('is that site URL in the forwarder and the MCP server’s base URL', async () => {
      const forwarder = await ask(`${site.url}/kestrel-sandbox-forward.mjs`, 'GET', forged);
      expect(downloadedFrom(forwarder.body)).toBe(JSON.stringify(SITE_URL));
      const opened = await ask(
        `${site.url}/mcp`,
        'POST',
        {
          ...forged,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'open_sandbox', arguments: {} },
        }),
      );
      const [text] = JSON.parse(opened.body).result.content;
      expect(JSON.parse(text.text).base_url).toBe(`${SITE_URL}/sandbox`);
    });
  });
});
