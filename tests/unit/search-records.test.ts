// The search records of the whole site, as `npm run search:records` writes them.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { errorCatalogue } from '@/lib/openapi/operations';
import { testScenarios } from '@/lib/openapi/test-scenarios';
import type { SearchRecord } from '@/lib/search/records';
import { siteRecords } from '@/lib/search/site-records';
import { source } from '@/lib/source';

let records: SearchRecord[];
// Reads and expands every page of the site while other test files do too: allow a minute.
beforeAll(async () => {
  records = await siteRecords(source, 'https://docs.example.com');
}, 60_000);
const named = (type: SearchRecord['type'], name: string) =>
  records.filter((record) => record.type === type && record.name === name);

describe('the site search records', () => {
  it('are built from text: no record holds "[object" or "undefined"', () => {
    const broken = records.filter((record) => /\[object|undefined/.test(JSON.stringify(record)));
    expect(broken.map((record) => record.objectID)).toEqual([]);
  });

  it('each have their own id, a site path and an absolute url on the site', () => {
    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
    for (const record of records) {
      expect(record.path.startsWith('/')).toBe(true);
      expect(record.url).toBe(new URL(record.path, 'https://docs.example.com').toString());
    }
  });

  it('hold every error code at its anchor on the Errors page, with its status and type', () => {
    const catalogue = errorCatalogue(loadDocument());
    const codes = records.filter((record) => record.path.startsWith('/errors#'));
    expect(codes.filter((record) => record.type === 'code')).toHaveLength(catalogue.length);
    expect(named('code', 'idempotency_key_reused')).toEqual([
      expect.objectContaining({
        path: '/errors#idempotency_key_reused',
        hierarchy: ['The Basics', 'Errors', 'Error codes'],
        content: expect.stringMatching(/^HTTP 409 · conflict_error\. \S/),
      }),
    ]);
  });

  it('hold every failure and decline code at its enum, with the field that reports it', () => {
    expect(named('code', 'insufficient_funds').map((record) => record.path)).toEqual(
      expect.arrayContaining([
        '/resources/enums#chargefailurecode',
        '/resources/enums#scheduledpaymentfailurecode',
      ]),
    );
    expect(named('code', 'lost_card')[0]?.content).toMatch(
      /^Reported in Charge\.failure_code\. \S/,
    );
  });

  it('hold every webhook event with the object it carries', () => {
    const events = records.filter((record) => record.type === 'event');
    expect(events).toHaveLength(Object.keys(loadDocument().webhooks).length);
    expect(named('event', 'refund.succeeded')).toEqual([
      expect.objectContaining({
        path: '/webhooks#event-refund-succeeded',
        content: expect.stringMatching(/^Carries the refund in data\.object\. \S/),
      }),
    ]);
  });

  it('hold every attribute of every object, named by its object, on its own page', () => {
    expect(named('field', 'Charge.capture_before')).toEqual([
      expect.objectContaining({
        path: '/resources/charges#charge-capture_before',
        hierarchy: ['Core Resources', 'Charges', 'The charge object'],
        content: expect.stringMatching(
          /^string \(date-time\), required, nullable\. While the charge/,
        ),
      }),
    ]);
    expect(named('field', 'Transaction.id')[0]?.path).toBe(
      '/resources/transactions#transaction-id',
    );
    expect(named('field', 'Charge.card.three_d_secure.liability_shift')).toHaveLength(1);
  });

  it('hold every request parameter in its endpoint section', () => {
    expect(named('parameter', 'evidence.explanation')).toEqual([
      expect.objectContaining({
        path: '/resources/chargebacks#submit-evidence-evidence-explanation',
        hierarchy: ['Core Resources', 'Chargebacks', 'Submit evidence'],
        content: expect.stringMatching(
          /^Body parameter of POST \/v1\/chargebacks\/\{id\}\/evidence/,
        ),
      }),
    ]);
  });

  it('hold every test scenario with its trigger and outcome', () => {
    const scenarios = records.filter((record) => record.type === 'scenario');
    expect(scenarios).toHaveLength(testScenarios(loadDocument()).length);
    expect(
      scenarios.find((record) => record.path === '/testing#saved-card-lost-card'),
    ).toMatchObject({
      name: 'Lost card',
      content: expect.stringMatching(
        /^Send tokenised_card_id tc_test_lost_card to POST \/v1\/charges · status failed, failure code lost_card, events charge\.failed\. /,
      ),
    });
  });

  it('leave the parameter lists out of an endpoint text: each parameter has its own record', () => {
    const create = records.find((record) => record.path === '/resources/refunds#create-a-refund');
    expect(create?.content).toMatch(/^POST \/v1\/refunds Refunds a captured charge/);
    expect(create?.content).not.toContain('Idempotency-Key A unique value');
  });
});
