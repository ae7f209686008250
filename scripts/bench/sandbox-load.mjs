import { randomUUID } from 'node:crypto';
import { SANDBOX_KEY_PAIR } from '../../lib/sandbox/keys.ts';
import { percentile } from './stats.mjs';

/** The documented charge: the sample booking paid with its saved card. */
export const CHARGE = {
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  tokenised_card_id: 'tc_4Nf8xPz',
};
/** Charges made in one sandbox before a fresh one is opened: a sandbox holds 256 KiB. */
const CHARGES_PER_SANDBOX = 40;

/** The server limits lifted for the benchmark, which is one client asking as fast as it can. */
export const SANDBOX_BENCH_ENV = {
  TRUST_PROXY: 'true',
  SANDBOX_AUTH_RATE_LIMIT: '100000',
  SANDBOX_RATE_LIMIT: '100000',
  SANDBOX_CONCURRENCY_LIMIT: '1000',
};

async function post(baseUrl, path, body, headers) {
  const response = await fetch(`${baseUrl}/sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Creates `total` charges through `connections` clients at once, each in sandboxes of its own (a
 * client address each, so no client waits on another's sandbox lock or limits); returns the
 * latency percentiles of the create requests, in ms, and how many did not answer 201.
 */
export async function measureSandboxCharges({ baseUrl, connections, total }) {
  const latencies = [];
  let failed = 0;
  const client = async (index) => {
    const headers = { 'x-forwarded-for': `10.1.${index}.1` };
    let authorization = '';
    for (let made = 0; made < Math.ceil(total / connections); made += 1) {
      if (made % CHARGES_PER_SANDBOX === 0) {
        const token = await post(
          baseUrl,
          '/v1/auth/token',
          {
            public_key: SANDBOX_KEY_PAIR.publicKey,
            private_key: SANDBOX_KEY_PAIR.privateKey,
          },
          headers,
        );
        authorization = `Bearer ${token.body.access_token}`;
      }
      const started = performance.now();
      const { status } = await post(baseUrl, '/v1/charges', CHARGE, {
        ...headers,
        authorization,
        'idempotency-key': randomUUID(),
      });
      latencies.push(performance.now() - started);
      if (status !== 201) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), failed };
}
