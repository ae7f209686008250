import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleFor, serverOf } from '@/lib/openapi/samples/servers';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { REHEARSAL_TOKENS } from '@/lib/sandbox/rehearsal-tokens';
import { signatureHeader } from '@/lib/sandbox/signing';
import { startSandboxServer } from '../support/sandbox-server';

// The PHP library as a project installs it: packed, installed by Composer from the archive, and
// run by php against the in-process sandbox, through a proxy that records (and can steer) traffic.
const run = promisify(execFile);

/** One request the library sent, as it sent it, and the answer it got, with their times. */
type Sent = { method: string; path: string; headers: IncomingHttpHeaders; sentAt: number };
type Exchange = Sent & Partial<{ status: number; answer: Answer['headers']; answeredAt: number }>;
type Answer = { status: number; headers: Record<string, string>; body: string };
/** Answers a request instead of the sandbox, or changes the headers it is forwarded with. */
type Steer = (exchange: Exchange, forwarded: Record<string, string>) => Promise<Answer | undefined>;
const json = (status: number, body: unknown, headers = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
/** Forwards requests with a rehearsal token in place of the library's, so the sandbox refuses them. */
const rehearsing =
  (token: string, when: (exchange: Exchange) => boolean = () => true): Steer =>
  async (exchange, forwarded) => {
    if (when(exchange)) forwarded.authorization = `Bearer ${token}`;
    return undefined;
  };

const HOP_BY_HOP = ['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'];
const ANSWER_HOP_BY_HOP = [...HOP_BY_HOP, 'content-encoding'];
const without = (headers: Record<string, string>, names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

/** A proxy before the sandbox that records every exchange and lets a test steer some. */
async function startWire(target: string) {
  const exchanges: Exchange[] = [];
  const wire = { exchanges, steer: (async () => undefined) as Steer, origin: '', close: () => {} };
  const forward = async ({ method, path: to }: Exchange, headers: Answer['headers'], body = '') => {
    const response = await fetch(`${target}${to}`, { method, headers, body: body || undefined });
    const answered = without(Object.fromEntries(response.headers), ANSWER_HOP_BY_HOP);
    return { status: response.status, headers: answered, body: await response.text() };
  };
  const server = createServer(async (request, reply) => {
    const body = Buffer.concat(await request.toArray()).toString();
    const { method = '', url = '', headers } = request;
    const exchange: Exchange = { method, path: url, headers: { ...headers }, sentAt: Date.now() };
    exchanges.push(exchange);
    const forwarded = without(headers as Answer['headers'], HOP_BY_HOP);
    const answer =
      (await wire.steer(exchange, forwarded)) ?? (await forward(exchange, forwarded, body));
    const { status, headers: answered } = answer;
    Object.assign(exchange, { status, answer: answered, answeredAt: Date.now() });
    reply.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  wire.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  wire.close = () => server.close();
  return wire;
}

let sandbox: Awaited<ReturnType<typeof startSandboxServer>>;
let wire: Awaited<ReturnType<typeof startWire>>;
let project: string;
let scripts = 0;

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'kestrelpay-php-'));
  await run('npm', ['run', '--silent', 'sdks:tables']);
  await run('php', ['sdks/php/pack.php', path.join(project, 'artifacts')]);
  const manifest = {
    repositories: [{ type: 'artifact', url: 'artifacts' }, { 'packagist.org': false }],
    require: { 'kestrelpay/kestrelpay-php': '1.0.0' },
  };
  await writeFile(path.join(project, 'composer.json'), JSON.stringify(manifest));
  const home = { COMPOSER_HOME: path.join(project, '.composer'), COMPOSER_ALLOW_SUPERUSER: '1' };
  const env = { ...process.env, ...home };
  await run('composer', ['install', '--no-interaction', '--quiet'], { cwd: project, env });
  sandbox = await startSandboxServer();
  wire = await startWire(sandbox.origin);
}, 60_000);
afterAll(async () => {
  wire?.close();
  await sandbox?.close();
  await rm(project, { recursive: true, force: true });
});
beforeEach(() => {
  wire.exchanges.length = 0;
  wire.steer = async () => undefined;
});

/** Runs a PHP script in the installed project, with every notice shown, and reads its JSON. */
async function php(code: string, env: Record<string, string> = {}) {
  const file = path.join(project, `script-${++scripts}.php`);
  await writeFile(file, code);
  const keys = {
    KESTREL_PUBLIC_KEY: SANDBOX_KEY_PAIR.publicKey,
    KESTREL_PRIVATE_KEY: SANDBOX_KEY_PAIR.privateKey,
    KESTREL_BASE_URL: `${wire.origin}/sandbox`,
  };
  const notices = ['-d', 'error_reporting=-1', '-d', 'display_errors=stderr'];
  const { stdout, stderr } = await run('php', [...notices, file], {
    cwd: project,
    env: { ...process.env, ...keys, ...env },
  });
  expect(stderr).toBe('');
  return JSON.parse(stdout);
}

/** A script's start: the client on the sandbox through the proxy, with extra options. */
const client = (options = '') => String.raw`<?php
require 'vendor/autoload.php';
$kestrel = new \KestrelPay\KestrelPay(['public_key' => getenv('KESTREL_PUBLIC_KEY'),
    'private_key' => getenv('KESTREL_PRIVATE_KEY'), 'base_url' => getenv('KESTREL_BASE_URL')${options}]);
$fields = ['amount' => 12500, 'currency' => 'GBP', 'booking_id' => 'bk_8Jd2kLq', 'tokenised_card_id' => 'tc_4Nf8xPz'];
function failure(\Throwable $e): array {
    return $e instanceof \KestrelPay\Exception\KestrelException ? ['class' => get_class($e), 'type' => $e->getErrorType(),
        'code' => $e->getErrorCode(), 'param' => $e->getParam(), 'request_id' => $e->getRequestId(),
        'status' => $e->getHttpStatus(), 'retry_after' => $e->getHeaders()['retry-after'] ?? null] : ['class' => get_class($e)];
}
`;
/** A script line that calls the API and prints how it failed. */
const failing = (call: string) =>
  String.raw`try { ${call}; } catch (\Throwable $e) { echo json_encode(failure($e)); }`;
const sent = (method: string, route: string) =>
  wire.exchanges.filter((e) => e.method === method && e.path.split('?')[0] === `/sandbox${route}`);
const exception = (name: string) => `KestrelPay\\Exception\\${name}`;

describe('the PHP library, installed with Composer from its archive', () => {
  it("runs the SDKs page's first request unchanged, with a token and the key it is given", async () => {
    const page = await readFile('content/docs/sdks.mdx', 'utf8');
    const written = /```php title="PHP"\n([\s\S]*?)```/.exec(page)![1]!;
    const sample = sampleFor(written, serverOf('site'), wire.origin);
    const charge = await php(`${sample}\necho json_encode($charge);`);
    expect(charge).toMatchObject({ object: 'charge', amount: 12500, booking_id: 'bk_8Jd2kLq' });
    const [token] = sent('POST', '/v1/auth/token');
    expect(token!.headers.authorization).toBeUndefined();
    expect(token!.headers['idempotency-key']).toBeUndefined();
    const [create] = sent('POST', '/v1/charges');
    expect(create!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(create!.headers.authorization).toMatch(/^Bearer kp_at_/);
    expect(create!.headers['kestrel-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('replays a POST sent again with its key, and gives a call without one a UUID v4', async () => {
    const ids = await php(`${client()}
$first = $kestrel->charges->create($fields, ['idempotency_key' => 'deposit-KP-2026-00417']);
$again = $kestrel->charges->create($fields, ['idempotency_key' => 'deposit-KP-2026-00417']);
echo json_encode([$first->id, $again->id, $kestrel->charges->create($fields)->id]);`);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    const creates = sent('POST', '/v1/charges');
    const replayed = creates.map((e) => e.answer!['idempotent-replayed']);
    expect(replayed).toEqual([undefined, 'true', undefined]);
    expect(creates[2]!.headers['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(sent('POST', '/v1/auth/token')).toHaveLength(1); // one cached token for every call
  });

  it('retries a 503 and a 429 after their Retry-After, with the same key, then succeeds', async () => {
    let attempt = 0;
    const rateLimited = rehearsing(REHEARSAL_TOKENS.rateLimited, () => attempt === 2);
    wire.steer = async (exchange, forwarded) => {
      if (!exchange.path.endsWith('/v1/charges')) return undefined;
      attempt += 1;
      const error = { type: 'api_error', code: 'service_unavailable', message: 'Try again.' };
      return attempt === 1
        ? json(503, { error }, { 'retry-after': '1' })
        : rateLimited(exchange, forwarded);
    };
    const charge = await php(`${client()}echo json_encode($kestrel->charges->create($fields));`);
    expect(charge.object).toBe('charge');
    const attempts = sent('POST', '/v1/charges');
    expect(attempts.map((e) => e.status)).toEqual([503, 429, 201]);
    expect(new Set(attempts.map((e) => e.headers['idempotency-key'])).size).toBe(1);
    for (const [before, after] of [attempts.slice(0, 2), attempts.slice(1)]) {
      expect(after!.sentAt - before!.answeredAt!).toBeGreaterThanOrEqual(1000);
    }
  });

  it('throws the RateLimitException once the retries allowed are spent', async () => {
    wire.steer = rehearsing(REHEARSAL_TOKENS.rateLimited);
    const failure = await php(
      `${client(", 'max_retries' => 1")}${failing('$kestrel->charges->list()')}`,
    );
    expect(failure).toMatchObject({
      class: exception('RateLimitException'),
      code: 'rate_limit_exceeded',
      status: 429,
      retry_after: '1',
    });
    expect(sent('GET', '/v1/charges')).toHaveLength(2);
  });

  it('gets a new token and sends the request once more after a 401 token_expired', async () => {
    let calls = 0;
    const once = (exchange: Exchange) => exchange.path.includes('/v1/charges') && calls++ === 0;
    wire.steer = rehearsing(REHEARSAL_TOKENS.expired, once);
    const page = await php(`${client()}echo json_encode($kestrel->charges->list()->data);`);
    expect(page.length).toBeGreaterThan(0);
    expect(sent('POST', '/v1/auth/token')).toHaveLength(2);
    const [first, second] = sent('GET', '/v1/charges');
    expect([first!.status, second!.status]).toEqual([401, 200]);
    expect(second!.headers.authorization).not.toBe(first!.headers.authorization);

    wire.exchanges.length = 0;
    wire.steer = rehearsing(REHEARSAL_TOKENS.expired);
    const failure = await php(`${client()}${failing('$kestrel->charges->list()')}`);
    const expired = { class: exception('AuthenticationException'), code: 'token_expired' };
    expect(failure).toMatchObject(expired);
    expect(sent('GET', '/v1/charges')).toHaveLength(2); // once more, not again and again
  });

  it('exchanges a token again before it expires', async () => {
    // A real token, said to have half a minute left: less than the library keeps in hand.
    wire.steer = async (exchange) =>
      exchange.path.endsWith('/v1/auth/token')
        ? json(200, { access_token: await sandbox.token(), token_type: 'Bearer', expires_in: 30 })
        : undefined;
    await php(`${client()}$kestrel->charges->list(); $kestrel->customers->list(); echo '[]';`);
    expect(sent('POST', '/v1/auth/token')).toHaveLength(2);
    expect(wire.exchanges.every((e) => e.status !== 401)).toBe(true);
  });

  it('walks a list across pages with starting_after, fetching no page past a break', async () => {
    const walked = await php(`${client()}
$ids = [];
foreach ($kestrel->charges->list(['limit' => 3]) as $charge) { $ids[] = $charge->id; }
foreach ($kestrel->charges->list(['limit' => 2]) as $charge) { break; }
$first = $kestrel->charges->list(['limit' => 100]);
echo json_encode(['walked' => $ids, 'page' => array_column($first->data, 'id'), 'has_more' => $first->has_more]);`);
    expect(walked.walked.length).toBeGreaterThan(3);
    expect(walked.walked).toEqual(walked.page);
    expect(walked.has_more).toBe(false);
    const pages = (limit: number) =>
      sent('GET', '/v1/charges').filter((e) => e.path.includes(`limit=${limit}`));
    expect(pages(3)).toHaveLength(Math.ceil(walked.walked.length / 3));
    const cursors = pages(3).map((e) => /starting_after=(\w+)/.exec(e.path)?.[1]);
    const lastOfEachPage = walked.walked.filter((_: string, index: number) => index % 3 === 2);
    expect(cursors).toEqual([undefined, ...lastOfEachPage].slice(0, cursors.length));
    expect(pages(2)).toHaveLength(1);
  });

  it('throws the exception of the error type, with the envelope, and retries no refusal', async () => {
    const failures = await php(`${client()}
$failures = [];
try { $kestrel->charges->create(['currency' => 'GBP']); } catch (\Throwable $e) { $failures[] = failure($e); }
try { $kestrel->charges->retrieve('ch_missing'); } catch (\Throwable $e) { $failures[] = failure($e); }
echo json_encode($failures);`);
    expect(failures).toMatchObject([
      {
        class: exception('InvalidRequestException'),
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'amount',
        status: 400,
      },
      { class: exception('NotFoundException'), code: 'resource_missing', status: 404 },
    ]);
    expect(failures[0].request_id).toMatch(/^req_/);
    expect(sent('POST', '/v1/charges')).toHaveLength(1);
    expect(sent('GET', '/v1/charges/ch_missing')).toHaveLength(1);
  });

  it('verifies webhook signatures: either secret during a rotation, nothing forged or stale', async () => {
    const body = JSON.stringify({ id: 'evt_1Rd4Gm7X', object: 'event', type: 'charge.succeeded' });
    const [current, previous] = ['whsec_8f2c41d7a9be03', 'whsec_3b9e02c4d1a7f6'];
    const now = Math.floor(Date.now() / 1000);
    const rotating = signatureHeader([current, previous], now, body);
    const cases = [
      [body, rotating, current],
      [body, rotating, previous],
      [body.replace('succeeded', 'failed'), rotating, current],
      [body, signatureHeader([current], now - 301, body), current],
      [body, rotating, 'whsec_another'],
      [body, 'v1=abc', current],
    ];
    const outcomes = await php(
      `${client()}
echo json_encode(array_map(function (array $case) use ($kestrel) {
    try { return $kestrel->webhooks->constructEvent(...$case)->id; } catch (\Throwable $e) { return failure($e)['class']; }
}, json_decode(getenv('CASES'), true)));`,
      { CASES: JSON.stringify(cases) },
    );
    const refused = exception('SignatureVerificationException');
    expect(outcomes).toEqual(['evt_1Rd4Gm7X', 'evt_1Rd4Gm7X', refused, refused, refused, refused]);
    expect(wire.exchanges).toHaveLength(0);
  });
});
