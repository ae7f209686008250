import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ASYNC_STEP_DELAY_MS } from '@/lib/sandbox/limits';
import { startSandboxServer, testClock } from './sandbox-server';
import { ownDeliveries } from './story-events';

type Delivery = { type: string; body: string };

/**
 * A sandbox server for one test file, on a clock the tests move, and a fresh sandbox (token)
 * for each test, with the calls a client makes.
 */
/** What a test booking needs: a reference of its own, its total, currency and departure date. */
type BookingTerms = {
  reference: string;
  total_amount: number;
  currency: string;
  departure_date: string;
};

export function sandboxForEachTest() {
  const clock = testClock();
  let server: Awaited<ReturnType<typeof startSandboxServer>>;
  let token = '';
  beforeAll(async () => {
    server = await startSandboxServer({ clock: clock.now });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    token = await server.token();
  });

  const post = (path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    server.call('POST', path, {
      token,
      body,
      headers: { 'Idempotency-Key': randomUUID(), ...headers },
    });
  const get = (path: string) => server.call('GET', path, { token });
  /** Any call, with only the headers given (no Idempotency-Key unless among them). */
  const call = (
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) => server.call(method, path, { token, headers, body });
  const patch = (path: string, body: unknown) => server.call('PATCH', path, { token, body });
  const remove = (path: string) => server.call('DELETE', path, { token });
  /** The types of the events of the test's own objects in the inbox, oldest first. */
  const eventTypes = async () =>
    ownDeliveries(server.sandbox.model, (await get('/inbox')).body.data as Delivery[])
      .map((delivery) => delivery.type)
      .reverse();
  /** Moves time past the asynchronous delay, so refunds settle and payouts arrive. */
  const settle = () => clock.advance(ASYNC_STEP_DELAY_MS + 1);
  /** One part of the balance in a currency: `available`, `pending` or `reserved`. */
  const balanceOf = async (part: 'available' | 'pending' | 'reserved', currency: string) => {
    const entries = (await get('/v1/balance')).body[part] as { currency: string; amount: number }[];
    return entries.find((entry) => entry.currency === currency)?.amount ?? 0;
  };
  /**
   * A new booking and a charge of part of it with the test Visa, which succeeds: each answer is
   * checked here, so a test reads only what it is about.
   */
  const bookAndCharge = async (booking: BookingTerms, amount: number) => {
    const booked = await post('/v1/bookings', { customer_id: 'cus_5Tr9Wm', ...booking });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const charge = await post('/v1/charges', {
      amount,
      currency: booking.currency,
      booking_id: booked.body.id,
      tokenised_card_id: 'tc_test_visa',
    });
    expect(charge.body.status).toBe('succeeded');
    return { booking: booked.body, charge: charge.body };
  };
  /** Moves the sandbox's test clock on, as days pass for its objects but not for its token. */
  const advanceTestClock = (ms: number) =>
    call('POST', '/clock/advance', {}, { seconds: Math.ceil(ms / 1000) });

  return {
    clock,
    call,
    post,
    get,
    patch,
    remove,
    eventTypes,
    settle,
    advanceTestClock,
    balanceOf,
    bookAndCharge,
    /** Opens another sandbox for the rest of the test. */
    newSandbox: async () => void (token = await server.token()),
    model: () => server.sandbox.model,
  };
}

/** A charge of the documented booking with the documented saved card. */
export const CHARGE = {
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  tokenised_card_id: 'tc_4Nf8xPz',
};
