import { describe, expect, it } from 'vitest';
import type { Delivery } from '@/lib/console/deliveries';
import { scenarioRows } from '@/lib/console/scenario-verdict';

const event = (type: string, object: object): Delivery => ({
  id: `dlv_${type}`,
  event_id: `evt_${type}`,
  type,
  delivered_at: '',
  headers: {},
  body: JSON.stringify({ type, data: { object } }),
});
const approved = { status: 'succeeded', events: ['charge.succeeded'] };

describe('a scenario check', () => {
  it('judges the body: a pending answer is not "as documented" until an event says so', () => {
    const pending = { id: 'ch_1234567', status: 'pending' };
    expect(scenarioRows(approved, pending, [])[0]).toMatchObject({
      match: 'false',
      text: 'status succeeded: so far pending',
    });
    const settled = [event('charge.succeeded', { id: 'ch_1234567', status: 'succeeded' })];
    expect(scenarioRows(approved, pending, settled)).toEqual([
      {
        label: 'status',
        expected: 'succeeded',
        match: 'later',
        text: 'status succeeded: the answer shows pending, then charge.succeeded shows succeeded, as documented',
      },
      {
        label: 'events',
        expected: 'charge.succeeded',
        match: 'true',
        text: 'events charge.succeeded: as documented',
      },
    ]);
  });

  it('says "as documented" when the body itself shows the outcome', () => {
    const failed = { id: 'ch_7654321', status: 'failed', failure_code: 'do_not_honour' };
    const outcome = { status: 'failed', failure_code: 'do_not_honour', events: ['charge.failed'] };
    const rows = scenarioRows(outcome, failed, [event('charge.failed', failed)]);
    expect(rows.map((row) => row.text)).toEqual([
      'status failed: as documented',
      'failure code do_not_honour: as documented',
      'events charge.failed: as documented',
    ]);
  });
});
