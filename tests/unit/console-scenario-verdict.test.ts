import { describe, expect, it } from 'vitest';
import { causedBy, type Delivery } from '@/lib/console/deliveries';
import { scenarioRows } from '@/lib/console/scenario-verdict';

const event = (type: string, object: object, request = 'req_this'): Delivery => ({
  id: `dlv_${type}_${request}`,
  event_id: `evt_${type}_${request}`,
  type,
  delivered_at: '',
  headers: {},
  body: JSON.stringify({ type, request: { id: request, idempotency_key: null }, data: { object } }),
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

  it('counts only the events its own request caused, not earlier ones about the same card', () => {
    const card = { tokenised_card_id: 'tc_test_do_not_honour' };
    const declined = { id: 'ch_7654321', status: 'failed', failure_code: 'do_not_honour', ...card };
    const outcome = { status: 'failed', failure_code: 'do_not_honour', events: ['charge.failed'] };
    // Newest first, as the inbox lists them: two earlier charges with the same card, then this one.
    const inbox = [
      event('charge.failed', declined),
      event('charge.succeeded', { id: 'ch_2222222', ...card }, 'req_earlier'),
      event('charge.succeeded', { id: 'ch_1111111', ...card }, 'req_first'),
    ];
    const rows = scenarioRows(outcome, declined, causedBy(inbox, ['req_this']));
    expect(rows.at(-1)?.text).toBe('events charge.failed: as documented');
  });
});
