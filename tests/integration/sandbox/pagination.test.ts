// Cursor pagination as the Pagination page describes it, on every list: 20 objects a page unless
// `limit` says otherwise, at most one cursor, cursors that stay put while objects are created,
// and filters applied before the page is cut.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, get } = sandboxForEachTest();

type Page = { data: { id: string }[]; has_more: boolean; next_cursor: string | null };

const ids = (page: Page) => page.data.map((object) => object.id);

/** New customers, each its own, oldest first. */
async function newCustomers(count: number): Promise<string[]> {
  const made: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const tag = `${index}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await post('/v1/customers', {
      name: `Traveller ${tag}`,
      email: `traveller-${tag}@example.com`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    made.push(created.body.id);
  }
  return made;
}

/** Every page of a list, walked forward with `starting_after`, `between` run after the first. */
async function walk(path: string, between: () => Promise<unknown> = async () => undefined) {
  const seen: string[] = [];
  let page: Page = (await get(path)).body;
  seen.push(...ids(page));
  await between();
  while (page.has_more) {
    page = (await get(`${path}&starting_after=${page.next_cursor}`)).body;
    seen.push(...ids(page));
  }
  return seen;
}

describe('list pagination', () => {
  it('returns 20 objects a page without a limit, with has_more and the cursor of the last', async () => {
    await newCustomers(21);
    const page: Page = (await get('/v1/customers')).body;
    expect(page.data).toHaveLength(20);
    expect(page.has_more).toBe(true);
    expect(page.next_cursor).toBe(page.data[19]!.id);
  });

  it('refuses starting_after and ending_before together with parameter_invalid', async () => {
    const [older, newer] = await newCustomers(2);
    const both = await get(`/v1/customers?starting_after=${newer}&ending_before=${older}`);
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'ending_before',
    });
    expect((await get(`/v1/customers?starting_after=${newer}`)).status).toBe(200);
    expect((await get(`/v1/customers?ending_before=${older}`)).status).toBe(200);
  });

  it('neither repeats nor skips an object when objects are created between pages', async () => {
    await newCustomers(5);
    const before = ids((await get('/v1/customers?limit=100')).body);
    let arrived: string[] = [];
    const seen = await walk('/v1/customers?limit=2', async () => {
      arrived = await newCustomers(2);
    });
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(arrived[0]);
  });

  it('filters before it pages: has_more and next_cursor describe the filtered list', async () => {
    const booking = await post('/v1/bookings', {
      reference: `KP-PAGE-${Math.random().toString(36).slice(2, 8)}`,
      customer_id: 'cus_5Tr9Wm',
      total_amount: 90000,
      currency: 'GBP',
      departure_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    const charge = (card: string) =>
      post('/v1/charges', {
        amount: 10000,
        currency: 'GBP',
        booking_id: booking.body.id,
        tokenised_card_id: card,
      });
    const olderDecline = (await charge('tc_test_do_not_honour')).body;
    const success = (await charge('tc_test_visa')).body;
    const newerDecline = (await charge('tc_test_do_not_honour')).body;
    expect([olderDecline.status, success.status, newerDecline.status]).toEqual([
      'failed',
      'succeeded',
      'failed',
    ]);
    const filter = `/v1/charges?booking_id=${booking.body.id}&status=failed&limit=1`;
    const first: Page = (await get(filter)).body;
    expect(first).toMatchObject({ has_more: true, next_cursor: newerDecline.id });
    expect(ids(first)).toEqual([newerDecline.id]);
    // The next page skips the success between the two declines, and says it is the last.
    const second: Page = (await get(`${filter}&starting_after=${first.next_cursor}`)).body;
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(ids(second)).toEqual([olderDecline.id]);
  });
});
