// The Python library as a user gets it: packed into a wheel, installed with no package index, and
// run by python3 against the sandbox, through a proxy that records each exchange and can refuse one.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { sampleFor, serverOf } from '@/lib/openapi/samples/servers';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { TOKEN_LIFETIME_SECONDS } from '@/lib/sandbox/limits';
import { signatureHeader } from '@/lib/sandbox/signing';
import { sdkOperationTable } from '@/lib/sdks/operation-table';
import { envelope, startRecordingProxy } from '../support/recording-proxy';
import { startSandboxServer, testClock } from '../support/sandbox-server';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const folder = mkdtempSync(path.join(tmpdir(), 'kestrelpay-python-'));
const site = path.join(folder, 'site');
const clock = testClock();
let sandbox: Awaited<ReturnType<typeof startSandboxServer>>;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;

beforeAll(async () => {
  // Packed from a copy with its own operation table, as `npm run sdks:tables` writes it.
  const source = path.join(folder, 'source');
  cpSync('sdks/python', source, {
    recursive: true,
    filter: (from) => !from.includes('__pycache__'),
  });
  const table = `${JSON.stringify(sdkOperationTable(loadDocument()), null, 2)}\n`;
  writeFileSync(path.join(source, 'kestrelpay', 'operations.json'), table);
  execFileSync('python3', [path.join(source, 'pack.py'), path.join(folder, 'dist')]);
  pip(path.join(folder, 'dist', 'kestrelpay-1.0.0-py3-none-any.whl'), site);
  sandbox = await startSandboxServer({ clock: clock.now });
  proxy = await startRecordingProxy(sandbox.origin);
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Installs a package file into a folder with pip, offline: no index, no dependencies. */
function pip(file: string, target: string) {
  const install = '-m pip install -q --root-user-action=ignore --no-index --no-deps --target';
  execFileSync('python3', [...install.split(' '), target, file]);
}

/** Runs a Python script with the installed library; `onWait` runs each time it prints `waiting`. */
function python(code: string, onWait?: () => void) {
  const child = spawn('python3', ['-c', code], {
    env: {
      ...process.env,
      PYTHONPATH: site,
      KESTREL_BASE_URL: `${proxy.origin}/sandbox`,
      KESTREL_PUBLIC_KEY: SANDBOX_KEY_PAIR.publicKey,
      KESTREL_PRIVATE_KEY: SANDBOX_KEY_PAIR.privateKey,
    },
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
    // The script stops to read a line after `waiting`, so it is the last thing it printed.
    if (onWait && output.endsWith('waiting\n')) {
      onWait();
      child.stdin.write('\n');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
  return new Promise<string[]>((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 ? resolve(output.trim().split('\n')) : reject(new Error(errors)),
    ),
  );
}

/** A client of the proxied sandbox, with `options` added to its arguments. */
const client = (options = '') => `
import json, os, sys, time
import kestrelpay
from kestrelpay import KestrelPay
kestrel = KestrelPay(public_key=os.environ["KESTREL_PUBLIC_KEY"], private_key=os.environ["KESTREL_PRIVATE_KEY"],
                     base_url=os.environ["KESTREL_BASE_URL"]${options ? `, ${options}` : ''})
`;

/** The first Python block of a page, written for this site's sandbox as the page shows it. */
function pythonSampleOf(page: string) {
  const code = /```python[^\n]*\n([\s\S]*?)```/.exec(readFileSync(page, 'utf8'))![1]!;
  return sampleFor(code, serverOf('site'), proxy.origin);
}

describe('the Python library, installed from its wheel', () => {
  it('runs the first request of the SDKs page, with a token, the version and a key', async () => {
    proxy.reset();
    const sample = pythonSampleOf('content/docs/sdks.mdx');
    const [line] = await python(`${sample}\nimport json\nprint(json.dumps(charge))`);
    expect(JSON.parse(line!)).toMatchObject({
      object: 'charge',
      amount: 12500,
      status: 'succeeded',
    });
    const [token, charge] = proxy.exchanges;
    expect(token).toMatchObject({ method: 'POST', path: '/v1/auth/token', status: 200 });
    expect(token!.headers).not.toHaveProperty('idempotency-key');
    expect(token!.headers).not.toHaveProperty('authorization');
    expect(charge).toMatchObject({ method: 'POST', path: '/v1/charges', status: 201 });
    expect(charge!.headers['idempotency-key']).toMatch(UUID_V4);
    expect(charge!.headers.authorization).toMatch(/^Bearer kp_at_/);
    expect(charge!.headers['kestrel-version']).toBe(sdkOperationTable(loadDocument()).apiVersion);
  });

  it('sends the same key twice and gets the replay; without a key, a new UUID v4 each call', async () => {
    proxy.reset();
    const [first, second, third] = await python(`${client()}
for key in ["customer-KP-2026-00417", "customer-KP-2026-00417", None]:
    print(kestrel.customers.create(name="Amelia Hart", email="amelia.hart@example.com", idempotency_key=key).id)`);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    const creates = proxy.sent('POST /v1/customers');
    const replayed = creates.map((create) => create.answerHeaders['idempotent-replayed']);
    expect(replayed).toEqual([undefined, 'true', undefined]);
    expect(creates[2]!.headers['idempotency-key']).toMatch(UUID_V4);
  });

  it('retries a 429 and a 503 with the same key, each after its Retry-After', async () => {
    const refusal = (status: number, retryAfter: string, type: string, code: string) => ({
      on: 'POST /v1/charges',
      times: 1,
      answer: { status, headers: { 'Retry-After': retryAfter }, body: envelope(type, code) },
    });
    // The first wait is longer than the backoff's first, so only honouring Retry-After meets it.
    proxy.reset([
      refusal(429, '2', 'rate_limit_error', 'rate_limit_exceeded'),
      refusal(503, '1', 'api_error', 'service_unavailable'),
    ]);
    const [status] = await python(`${client()}
print(kestrel.charges.create(amount=12500, currency="GBP", booking_id="bk_8Jd2kLq", tokenised_card_id="tc_4Nf8xPz").status)`);
    expect(status).toBe('succeeded');
    const attempts = proxy.sent('POST /v1/charges');
    expect(attempts.map((attempt) => attempt.status)).toEqual([429, 503, 201]);
    expect(new Set(attempts.map((attempt) => attempt.headers['idempotency-key'])).size).toBe(1);
    const waits = [1, 2].map((i) => attempts[i]!.at - attempts[i - 1]!.at);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
    expect(waits[1]).toBeGreaterThanOrEqual(1000);
  });

  it('retries an attempt that timed out, and stops after max_retries', async () => {
    proxy.reset([{ on: 'GET /v1/organisation', times: 2, hang: true }]);
    const [name] = await python(
      `${client('timeout=0.5')}\nprint(kestrel.organisations.retrieve_current().name)`,
    );
    expect(name).toBe('Harbour Lane Travel');
    expect(proxy.sent('GET /v1/organisation').map((read) => read.status)).toEqual([0, 0, 200]);

    const failing = {
      status: 503,
      headers: { 'Retry-After': '0' },
      body: envelope('api_error', 'service_unavailable'),
    };
    proxy.reset([{ on: 'GET /v1/organisation', times: 10, answer: failing }]);
    const [raised] = await python(`${client('max_retries=1')}
try:
    kestrel.organisations.retrieve_current()
except kestrelpay.ApiError as error:
    print(type(error).__name__, error.status, error.code, error.headers.get("Retry-After"))`);
    expect(raised).toBe('ApiError 503 service_unavailable 0');
    expect(proxy.sent('GET /v1/organisation')).toHaveLength(2);
  });

  it('gets a new token and sends the request again when the API says its token expired', async () => {
    proxy.reset();
    const lines = await python(
      `${client()}
print(kestrel.organisations.retrieve_current().id)
print("waiting", flush=True)
sys.stdin.readline()
print(kestrel.organisations.retrieve_current().id)`,
      () => clock.advance(TOKEN_LIFETIME_SECONDS * 1000),
    );
    expect(lines).toEqual(['org_4Qs7Zt', 'waiting', 'org_4Qs7Zt']);
    expect(proxy.sent('POST /v1/auth/token')).toHaveLength(2);
    const reads = proxy.sent('GET /v1/organisation');
    expect(reads.map((read) => read.status)).toEqual([200, 401, 200]);
    expect(reads[1]!.headers.authorization).toBe(reads[0]!.headers.authorization);
    expect(reads[2]!.headers.authorization).not.toBe(reads[1]!.headers.authorization);
  });

  it('refreshes a token before it expires', async () => {
    proxy.reset([{ on: 'POST /v1/auth/token', times: 3, expiresIn: 2 }]);
    await python(`${client()}
for _ in range(2):
    kestrel.organisations.retrieve_current()
    time.sleep(1.1)
kestrel.organisations.retrieve_current()`);
    expect(proxy.sent('POST /v1/auth/token')).toHaveLength(3);
    expect(proxy.sent('GET /v1/organisation').map((read) => read.status)).toEqual([200, 200, 200]);
  });

  it('iterates a list across its pages, following each next_cursor', async () => {
    proxy.reset();
    const [walked, onePage] = await python(`${client()}
print(json.dumps([charge.id for charge in kestrel.charges.list(limit=3)]))
print(json.dumps([charge.id for charge in kestrel.charges.list(limit=100).data]))`);
    const ids = JSON.parse(onePage!) as string[];
    expect(JSON.parse(walked!)).toEqual(ids);
    expect(ids.length).toBeGreaterThan(3);
    // Every page of three, then the one page of a hundred.
    expect(proxy.sent('GET /v1/charges')).toHaveLength(Math.ceil(ids.length / 3) + 1);
  });

  it('raises the class of each error type, with its code, param, request ID and status', async () => {
    proxy.reset();
    const lines = await python(`${client()}
for call in [lambda: kestrel.charges.create(currency="GBP"), lambda: kestrel.charges.retrieve("ch_0000000000")]:
    try:
        call()
    except kestrelpay.KestrelError as error:
        print(json.dumps([type(error).__name__, error.type, error.code, error.param, error.status, error.request_id]))`);
    const requestIds = [
      ...proxy.sent('POST /v1/charges'),
      ...proxy.sent('GET /v1/charges/ch_0000000000'),
    ].map((answer) => answer.answerHeaders['kestrel-request-id']);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      [
        'InvalidRequestError',
        'invalid_request_error',
        'parameter_missing',
        'amount',
        400,
        requestIds[0],
      ],
      ['NotFoundError', 'not_found_error', 'resource_missing', 'id', 404, requestIds[1]],
    ]);
  });

  it('verifies a webhook signature, taking any v1 during a rotation and refusing the rest', async () => {
    const secret = 'whsec_8f2c41d7a9be03';
    const body = JSON.stringify({ id: 'evt_1Rd4Gm7X', object: 'event', type: 'charge.succeeded' });
    const now = Math.floor(Date.now() / 1000);
    const deliveries = [
      [body, signatureHeader([secret], now, body)],
      [body, signatureHeader(['whsec_new0rotated', secret], now, body)],
      [`${body} `, signatureHeader([secret], now, body)],
      [body, signatureHeader([secret], now - 301, body)],
      [body, signatureHeader(['whsec_another'], now, body)],
      [body, 'v1=deadbeef'],
    ];
    const lines = await python(`${client()}
for body, header in ${JSON.stringify(deliveries)}:
    try:
        print(kestrel.webhooks.construct_event(body.encode(), header, ${JSON.stringify(secret)}).type)
    except kestrelpay.KestrelError:
        print("refused")`);
    expect(lines).toEqual([...Array(2).fill('charge.succeeded'), ...Array(4).fill('refused')]);
  });

  it('installs from its source archive too, with no package index', () => {
    const target = path.join(folder, 'from-source');
    pip(path.join(folder, 'dist', 'kestrelpay-1.0.0.tar.gz'), target);
    const env = { ...process.env, PYTHONPATH: target };
    const script = 'import kestrelpay; print(kestrelpay.__version__)';
    expect(execFileSync('python3', ['-c', script], { env, encoding: 'utf8' })).toBe('1.0.0\n');
  });
});
