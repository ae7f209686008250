// The test clock as the Testing page bounds it: each sandbox has its own, moved only by its own
// token, forward by 1 to 31,622,400 seconds or to a time at most a year and a day ahead.
import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_ADVANCE_SECONDS } from '@/lib/sandbox/test-clock';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { clock, post, get, newSandbox } = sandboxForEachTest();

const DAY_SECONDS = 86_400;

describe('the test clock of each sandbox', () => {
  it("moves only the clock of the token's own sandbox, and its objects' time", async () => {
    const held = (await post('/v1/charges', { ...CHARGE, capture: false })).body;
    expect(held.status).toBe('requires_capture');
    const first = await post('/clock/advance', { seconds: 8 * DAY_SECONDS });
    expect(first.body.advanced_by_seconds).toBe(8 * DAY_SECONDS);
    expect((await get(`/v1/charges/${held.id}`)).body.status).toBe('failed');

    await newSandbox();
    expect((await get('/clock')).body).toMatchObject({
      advanced_by_seconds: 0,
      now: timestamp(clock.now()),
    });
    const other = (await post('/v1/charges', { ...CHARGE, capture: false })).body;
    expect(other.created_at).toBe(timestamp(clock.now()));
    expect((await get(`/v1/charges/${other.id}`)).body.status).toBe('requires_capture');
  });

  it('refuses 0 seconds and a `to` more than a year and a day ahead, and takes the bounds', async () => {
    const limit = MAX_CLOCK_ADVANCE_SECONDS * 1000;
    expect(MAX_CLOCK_ADVANCE_SECONDS).toBe(31_622_400);
    const refusals: [unknown, string][] = [
      [{ seconds: 0 }, 'seconds'],
      [{ to: timestamp(clock.now() + limit + 1000) }, 'to'],
    ];
    for (const [body, param] of refusals) {
      const refused = await post('/clock/advance', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param });
    }
    expect((await get('/clock')).body.advanced_by_seconds).toBe(0);
    const second = await post('/clock/advance', { seconds: 1 });
    expect(second.body.advanced_by_seconds).toBe(1);
    const furthest = timestamp(clock.now() + 1000 + limit);
    const yearAndDay = await post('/clock/advance', { to: furthest });
    expect(yearAndDay.status, JSON.stringify(yearAndDay.body)).toBe(200);
    expect(yearAndDay.body.now).toBe(furthest);
  });
});
