// The MCP server's docs tools as an assistant uses them: the SDK's own client over HTTP against the
// production build, search_docs, read_page, get_operation, list_scenarios and explain_error, each
// with good and bad arguments.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectMcp } from '../support/mcp-client';

const site = inject('baseUrl');
let mcp: Awaited<ReturnType<typeof connectMcp>>;

beforeAll(async () => {
  mcp = await connectMcp(site);
});
afterAll(() => mcp.close());

describe('search_docs', () => {
  it('finds how to refund part of a charge, as the dialog does', async () => {
    const { json, isError } = await mcp.call('search_docs', {
      query: 'how do I refund part of a charge',
    });
    expect(isError).toBe(false);
    const urls = json.hits.slice(0, 5).map((hit: { url: string }) => new URL(hit.url).pathname);
    expect(urls).toContain('/resources/refunds');
  });

  it('keeps to the record types asked for', async () => {
    const { json } = await mcp.call('search_docs', {
      query: 'declined card',
      types: ['scenario'],
      limit: 3,
    });
    expect(json.hits).toHaveLength(3);
    expect(json.hits.every((hit: { type: string }) => hit.type === 'scenario')).toBe(true);
  });

  it('refuses an empty query and an unknown record type with a tool error', async () => {
    const empty = await mcp.call('search_docs', { query: '  ' });
    expect(empty).toMatchObject({ isError: true });
    expect(empty.text).toContain('query');
    const type = await mcp.call('search_docs', { query: 'refund', types: ['video'] });
    expect(type.isError).toBe(true);
    expect(type.text).toContain('types');
  });
});

describe('read_page', () => {
  it('gives a page as its .md export, and one section of it by anchor', async () => {
    const whole = await mcp.call('read_page', { page: '/webhooks' });
    expect(whole.text).toBe(await (await fetch(`${site}/webhooks.md`)).text());
    const section = await mcp.call('read_page', {
      page: `${site}/resources/refunds#create-a-refund`,
    });
    expect(section.isError).toBe(false);
    expect(section.text).toMatch(/^# Refunds\n/);
    expect(section.text).toContain('## Create a refund');
    expect(section.text).toContain('`POST /v1/refunds`');
    expect(section.text).not.toContain('## List refunds');
  });

  it('names a missing or garbled page, and lists the sections of a page when one is not there', async () => {
    const missing = await mcp.call('read_page', { page: '/resources/nothing-here' });
    expect(missing).toMatchObject({ isError: true });
    expect(missing.text).toContain('There is no page at /resources/nothing-here');
    const garbled = await mcp.call('read_page', { page: '/resources/%E0%A4%A' });
    expect(garbled).toMatchObject({ isError: true });
    expect(garbled.text).toContain('not UTF-8');
    const section = await mcp.call('read_page', { page: '/resources/refunds', section: 'nope' });
    expect(section.isError).toBe(true);
    expect(section.text).toContain('create-a-refund');
  });
});

describe('get_operation', () => {
  it('resolves every schema, lists the errors and roles, and writes a sample for this sandbox', async () => {
    const { json } = await mcp.call('get_operation', {
      operation: 'createRefund',
      language: 'python',
    });
    expect(json).toMatchObject({
      operation_id: 'createRefund',
      method: 'POST',
      path: '/v1/refunds',
      roles: ['finance'],
      page: expect.stringMatching(/\/resources\/refunds#create-a-refund$/),
    });
    expect(json.request_body.schema.properties.amount.type).toBe('integer');
    expect(JSON.stringify(json.request_body.schema)).not.toContain('$ref');
    expect(json.responses['201'].schema.properties.status.enum).toContain('succeeded');
    expect(json.errors.map((error: { code: string }) => error.code)).toContain(
      'charge_already_refunded',
    );
    expect(json.sample.code).toContain('refunds.create');
    const byRoute = await mcp.call('get_operation', { operation: 'POST /v1/refunds' });
    expect(byRoute.json.operation_id).toBe('createRefund');
    expect(byRoute.json.sample.code).toMatch(/^curl /);
    expect(byRoute.json.sample.code).toContain(`${site}/sandbox/v1/refunds`);
  });

  it("reads who may call an operation from the document's x-roles, never from its prose", async () => {
    const helper = await mcp.call('get_operation', { operation: 'testHelperAuthoriseAispConsent' });
    expect(helper.json).toMatchObject({
      roles: ['agent', 'finance'],
      role_fields: [],
      note: 'Needs a key pair with the `agent` or `finance` role.',
      server_side_only: true,
      sandbox_only: true,
    });
    const organisation = await mcp.call('get_operation', {
      operation: 'updateCurrentOrganisation',
    });
    expect(organisation.json).toMatchObject({
      roles: ['developer'],
      role_fields: [{ field: 'funds_release', roles: ['finance'] }],
      sandbox_only: false,
    });
    const list = await mcp.call('get_operation', { operation: 'listCharges' });
    expect(list.json).toMatchObject({
      roles: ['developer', 'finance', 'agent', 'viewer'],
      note: 'Any role can call it.',
    });
  });

  it('refuses an unknown operation and an unknown language with a tool error', async () => {
    const unknown = await mcp.call('get_operation', { operation: 'refundEverything' });
    expect(unknown).toMatchObject({ isError: true });
    expect(unknown.text).toContain('No operation "refundEverything"');
    const language = await mcp.call('get_operation', {
      operation: 'createRefund',
      language: 'cobol',
    });
    expect(language.isError).toBe(true);
  });
});

describe('list_scenarios and explain_error', () => {
  it('lists the scenarios of an operation with their triggers and outcomes', async () => {
    const { json } = await mcp.call('list_scenarios', { operation: 'createRefund' });
    expect(json.count).toBeGreaterThan(0);
    for (const scenario of json.scenarios) {
      expect(scenario.operation).toBe('createRefund');
      expect(scenario.trigger).toHaveProperty('value');
      expect(scenario.outcome).toHaveProperty('status');
      expect(scenario.url).toMatch(/\/testing#/);
    }
    const none = await mcp.call('list_scenarios', { contains: 'no scenario says this' });
    expect(none.json).toEqual({ count: 0, scenarios: [] });
  });

  it('explains an error code with retry advice, and a decline code where it is reported', async () => {
    const limited = await mcp.call('explain_error', { code: 'rate_limit_exceeded' });
    expect(limited.json).toMatchObject({
      kind: 'error',
      http_status: 429,
      type: 'rate_limit_error',
      retry: { retry: 'yes' },
    });
    expect(limited.json.meanings[0].url).toMatch(/\/errors#rate_limit_exceeded$/);
    const conflict = await mcp.call('explain_error', { code: 'charge_already_refunded' });
    expect(conflict.json.retry.retry).toBe('no');
    const funds = await mcp.call('explain_error', { code: 'insufficient_funds' });
    expect(funds.json.kind).toBe('failure');
    expect(funds.json.meanings.length).toBeGreaterThan(1);
    const unknown = await mcp.call('explain_error', { code: 'insufficient_fund' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('insufficient_funds');
  });
});
