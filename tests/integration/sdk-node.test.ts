// @kestrelpay/node as a reader installs it: packed, installed from its .tgz into a folder of its
// own and run by child `node` processes against the sandbox, through a proxy that records every
// exchange and can answer for the sandbox (an expired token, a 503, no answer at all).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { sampleFor, serverOf } from '@/lib/openapi/samples/servers';
import { signatureHeader } from '@/lib/sandbox/signing';
import { installNodeSdk, run } from '../support/node-sdk-package';
import { envelope, startRecordingProxy } from '../support/recording-proxy';
import { startSandboxServer } from '../support/sandbox-server';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const tokenAnswer = (token: string) => ({
  status: 200,
  body: { access_token: token, token_type: 'Bearer', expires_in: 3600 },
});
const fails = (status: number, type: string, code: string) => ({
  status,
  headers: { 'retry-after': '1' },
  body: envelope(type, code),
});

let sandbox: Awaited<ReturnType<typeof startSandboxServer>>;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
let sdk: Awaited<ReturnType<typeof installNodeSdk>>;
const inNode = (...args: Parameters<typeof sdk.inNode>) => sdk.inNode(...args);
const sent = (route: string) => proxy.sent(route);
const keysOf = (route: string) =>
  new Set(sent(route).map((each) => each.headers['idempotency-key']));

beforeAll(async () => {
  sandbox = await startSandboxServer();
  proxy = await startRecordingProxy(sandbox.origin);
  sdk = await installNodeSdk(`${proxy.origin}/sandbox`);
}, 120_000);

afterAll(async () => {
  sdk?.remove();
  await proxy?.close();
  await sandbox?.close();
});

describe('@kestrelpay/node', () => {
  beforeEach(() => proxy.reset());

  it("runs the SDKs page's first request unchanged: a token, then a keyed, versioned POST", async () => {
    const page = readFileSync('content/docs/sdks.mdx', 'utf8');
    const sample = /```js title="JavaScript"\n([\s\S]*?)```/.exec(page)![1]!;
    const charge = await inNode(
      `${sampleFor(sample, serverOf('site'), proxy.origin)}\nconsole.log(JSON.stringify(charge));`,
      {},
      'first-request.mjs',
    );
    expect(charge).toMatchObject({ object: 'charge', amount: 12500, booking_id: 'bk_8Jd2kLq' });
    const [token, create] = proxy.exchanges;
    expect(`${token!.method} ${token!.path}`).toBe('POST /v1/auth/token');
    expect(token!.headers['idempotency-key']).toBeUndefined();
    expect(create!.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer kp_at_/),
      'idempotency-key': expect.stringMatching(UUID_V4),
      'kestrel-version': loadDocument().info.version,
    });
  });

  it('loads with require() as well as import', async () => {
    const organisation = await inNode(
      `const { KestrelPay } = require('@kestrelpay/node');
new KestrelPay({ publicKey: process.env.KESTREL_PUBLIC_KEY, privateKey: process.env.KESTREL_PRIVATE_KEY, baseUrl: process.env.KESTREL_BASE_URL })
  .organisations.retrieveCurrent().then((organisation) => console.log(JSON.stringify(organisation)));`,
      {},
      'required.cjs',
    );
    expect(organisation).toMatchObject({ object: 'organisation', id: 'org_4Qs7Zt' });
  });

  it('replays a create sent again with its key, and gives every other POST a new UUID v4', async () => {
    const ids =
      await inNode(`const fields = { amount: 5000, currency: 'GBP', booking_id: 'bk_8Jd2kLq', tokenised_card_id: 'tc_4Nf8xPz' };
const first = await kestrel.charges.create(fields, { idempotencyKey: 'deposit-bk_8Jd2kLq' });
const again = await kestrel.charges.create(fields, { idempotencyKey: 'deposit-bk_8Jd2kLq' });
const unkeyed = await kestrel.charges.create(fields);
report([first.id, again.id, unkeyed.id]);`);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    const creates = sent('POST /v1/charges');
    const replayed = creates.map((exchange) => exchange.answerHeaders['idempotent-replayed']);
    expect(replayed).toEqual([undefined, 'true', undefined]);
    expect(creates[2]!.headers['idempotency-key']).toMatch(UUID_V4);
  });

  it('fetches a new token and retries once after token_expired, then gives up', async () => {
    const expired = tokenAnswer('kp_at_test_token_expired');
    proxy.reset([{ on: 'POST /v1/auth/token', times: 1, answer: expired }]);
    expect(await inNode('report(await kestrel.organisations.retrieveCurrent());')).toMatchObject({
      id: 'org_4Qs7Zt',
    });
    const answered = proxy.exchanges.map((exchange) => `${exchange.path} ${exchange.status}`);
    expect(answered).toEqual([
      '/v1/auth/token 200',
      '/v1/organisation 401',
      '/v1/auth/token 200',
      '/v1/organisation 200',
    ]);

    proxy.reset([{ on: 'POST /v1/auth/token', times: 2, answer: expired }]);
    const error = await inNode(
      'report(await kestrel.organisations.retrieveCurrent().catch(failure));',
    );
    expect(error).toMatchObject({
      class: 'AuthenticationError',
      code: 'token_expired',
      status: 401,
    });
    expect(sent('GET /v1/organisation')).toHaveLength(2);
  });

  it('reuses its token, and refreshes one with less than a minute left', async () => {
    const twoCalls =
      'await kestrel.organisations.retrieveCurrent(); report(await kestrel.currencies.retrieve("GBP"));';
    await inNode(twoCalls);
    expect(sent('POST /v1/auth/token')).toHaveLength(1);
    proxy.reset([{ on: 'POST /v1/auth/token', times: 2, expiresIn: 30 }]);
    await inNode(twoCalls);
    expect(sent('POST /v1/auth/token')).toHaveLength(2);
  });

  it('retries a 409 in progress and a 503 with the same key, each after its Retry-After', async () => {
    const inProgress = fails(409, 'conflict_error', 'idempotency_request_in_progress');
    const unavailable = fails(503, 'api_error', 'service_unavailable');
    proxy.reset(
      [inProgress, unavailable].map((answer) => ({ on: 'POST /v1/charges', times: 1, answer })),
    );
    const charge = await inNode(
      "report(await kestrel.charges.create({ amount: 5000, currency: 'GBP', booking_id: 'bk_8Jd2kLq', tokenised_card_id: 'tc_4Nf8xPz' }));",
    );
    expect(charge.object).toBe('charge');
    const attempts = sent('POST /v1/charges');
    expect(attempts.map((attempt) => attempt.status)).toEqual([409, 503, 201]);
    expect(keysOf('POST /v1/charges').size).toBe(1);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('throws a RateLimitError once maxRetries retries of a 429 are spent', async () => {
    proxy.reset([
      { on: 'POST /v1/auth/token', times: 1, answer: tokenAnswer('kp_at_test_rate_limited') },
    ]);
    const error = await inNode(
      'report(await kestrel.organisations.retrieveCurrent().catch(failure));',
      { maxRetries: 1 },
    );
    expect(error).toMatchObject({
      class: 'RateLimitError',
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
      status: 429,
      requestId: expect.stringMatching(/^req_/),
    });
    const attempts = sent('GET /v1/organisation');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('retries an attempt that outlives the timeout, and throws a KestrelError when none is left', async () => {
    proxy.reset([{ on: 'POST /v1/refunds', times: 1, hang: true }]);
    const created =
      "report(await kestrel.refunds.create({ charge_id: 'ch_3MtwBwLk', amount: 100, reason: 'cancelled_booking' }).catch(failure));";
    expect(await inNode(created, { timeout: 1000 })).toMatchObject({ object: 'refund' });
    expect(sent('POST /v1/refunds').length).toBeGreaterThan(1);
    expect(keysOf('POST /v1/refunds').size).toBe(1);

    proxy.reset([{ on: 'POST /v1/refunds', times: 1, hang: true }]);
    const error = await inNode(created, { timeout: 500, maxRetries: 0 });
    expect(error).toMatchObject({
      class: 'KestrelError',
      status: null,
      message: expect.stringContaining('did not answer within 500 ms'),
    });
  });

  it('awaits one page, and iterates every page with starting_after until has_more is false', async () => {
    const walk = await inNode(`const page = await kestrel.charges.list({ limit: 2 });
const all = [];
for await (const charge of kestrel.charges.list({ limit: 2 })) all.push(charge.id);
const firstThree = [];
for await (const charge of kestrel.charges.list({ limit: 2 })) if (firstThree.push(charge.id) === 3) break;
const everyId = (await kestrel.charges.list({ limit: 100 })).data.map((charge) => charge.id);
report({ page, all, firstThree, everyId });`);
    expect(walk.page).toMatchObject({ object: 'list', has_more: true, next_cursor: walk.all[1] });
    expect(walk.page.data.map((charge: { id: string }) => charge.id)).toEqual(walk.all.slice(0, 2));
    expect(walk.all).toEqual(walk.everyId);
    expect(walk.all.length).toBeGreaterThan(4);
    expect(walk.firstThree).toEqual(walk.all.slice(0, 3));
    const pages = sent('GET /v1/charges');
    expect(pages).toHaveLength(1 + Math.ceil(walk.all.length / 2) + 2 + 1);
  });

  it('throws the typed error of each documented type, with the envelope and the status', async () => {
    const errors = await inNode(`report([
  await kestrel.charges.create({ currency: 'GBP', booking_id: 'bk_8Jd2kLq' })
    .catch((error) => ({ ...failure(error), isKestrel: error instanceof KestrelError })),
  await kestrel.customers.retrieve('cus_Missing0')
    .catch((error) => ({ ...failure(error), isNotFound: error instanceof sdk.NotFoundError })),
]);`);
    const requestId = expect.stringMatching(/^req_/);
    expect(errors).toMatchObject([
      { class: 'InvalidRequestError', type: 'invalid_request_error', code: 'parameter_missing' },
      { class: 'NotFoundError', type: 'not_found_error', status: 404, requestId, isNotFound: true },
    ]);
    expect(errors[0]).toMatchObject({ param: 'amount', status: 400, requestId, isKestrel: true });
  });

  it('verifies webhook signatures: any v1 of a rotation, within five minutes, else a KestrelError', async () => {
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.succeeded' });
    const now = Math.floor(Date.now() / 1000);
    // Each case: the header, the secret checked against, the body received.
    const rotating = signatureHeader(['whsec_new', 'whsec_old'], now, body);
    const cases = {
      one: [signatureHeader(['whsec_old'], now, body), 'whsec_old', body],
      rotationNew: [rotating, 'whsec_new', body],
      rotationOld: [rotating, 'whsec_old', body],
      wrongSecret: [rotating, 'whsec_other', body],
      tooOld: [signatureHeader(['whsec_old'], now - 301, body), 'whsec_old', body],
      changedBody: [rotating, 'whsec_old', body.replace('evt_1', 'evt_2')],
      malformed: ['v1=abc', 'whsec_old', body],
    };
    const outcomes = await inNode(`const outcomes = {};
for (const [name, [header, secret, body]] of Object.entries(${JSON.stringify(cases)})) {
  try { outcomes[name] = kestrel.webhooks.constructEvent(Buffer.from(body), header, secret).id; } catch (error) { outcomes[name] = failure(error).class; }
}
report(outcomes);`);
    const refused = 'KestrelError';
    expect(outcomes).toEqual({
      one: 'evt_1',
      rotationNew: 'evt_1',
      rotationOld: 'evt_1',
      wrongSecret: refused,
      tooOld: refused,
      changedBody: refused,
      malformed: refused,
    });
  });

  it("types the Getting Started page's TypeScript sample and the documented calls, for import and require", async () => {
    const page = readFileSync('content/docs/sdk/getting-started.mdx', 'utf8');
    sdk.write('deposit.ts', /```ts title="deposit.ts"\n([\s\S]*?)```/.exec(page)![1]!);
    sdk.write(
      'calls.ts',
      `import { ConflictError, KestrelPay, type Charge, type ChargeList } from '@kestrelpay/node';
const kestrel = new KestrelPay({ publicKey: 'pk_test_1', privateKey: 'sk_test_1', environment: 'sandbox' });
const page: ChargeList = await kestrel.charges.list({ limit: 20, starting_after: 'ch_1' });
for await (const charge of kestrel.charges.list({ limit: 100 })) console.log(charge satisfies Charge, page.next_cursor);
await kestrel.scheduledPayments.cancel('sp_1', { idempotencyKey: 'cancel-sp_1' });
await kestrel.charges.capture('ch_1', { amount: 11000 }, { idempotencyKey: 'capture-ch_1' });
await kestrel.aisp.retrieveBalance('aisp_9Nc4Jr', 'acc_9Rt2Mx').catch((error) => error instanceof ConflictError && error.requestId);
const event = kestrel.webhooks.constructEvent(Buffer.from('{}'), 't=1,v1=00', 'whsec_1');
console.log(event.object satisfies 'event', event.type, event.data.object);
// @ts-expect-error a misspelt status
kestrel.charges.list({ status: 'succeded' });
// @ts-expect-error a missing amount
kestrel.charges.create({ currency: 'GBP', booking_id: 'bk_1' });
`,
    );
    sdk.write(
      'required.cts',
      "import { KestrelPay } from '@kestrelpay/node';\nnew KestrelPay({ publicKey: 'pk', privateKey: 'sk' }).charges.retrieve('ch_1').then((charge) => charge.amount);\n",
    );
    const compilerOptions = { strict: true, noEmit: true, module: 'nodenext', target: 'es2022' };
    const types = { types: ['node'], typeRoots: [path.resolve('node_modules/@types')] };
    const files = ['deposit.ts', 'calls.ts', 'required.cts'];
    sdk.write(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { ...compilerOptions, ...types }, files }),
    );
    await expect(
      run(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', sdk.folder]),
    ).resolves.toBeDefined();
  });
});
