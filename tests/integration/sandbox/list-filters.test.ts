// Every query parameter of every list the document describes ("Only charges of this booking")
// selects exactly what it says in the sandbox: for each, a value some objects have and others do
// not, and the filtered list is the unfiltered one's matching objects, no more and no fewer.
import { describe, expect, it } from 'vitest';
import { loadDocument, parametersOf, type Parameter } from '@/lib/openapi/document';
import { allOperations } from '@/lib/openapi/operations';
import { sandboxForEachTest } from '../../support/sandbox-session';

const document = loadDocument();
const sandbox = sandboxForEachTest();
const { get } = sandbox;

type Row = Record<string, unknown> & { id: string };

/** Paging is not a filter: Pagination's own tests hold it. */
const PAGING = new Set(['limit', 'starting_after', 'ending_before']);

/** A value for a filter a list requires: the story's customer with saved cards. */
const REQUIRED: Record<string, string> = { customer_id: 'cus_5Tr9Wm' };

/** Objects the story has none of, made so that a filter has something to tell apart. */
const MAKE_TELLING: Record<string, () => Promise<unknown>> = {
  'listDisbursements beneficiary_id': () =>
    sandbox.post('/v1/disbursements', {
      amount: 5000,
      currency: 'GBP',
      beneficiary_id: 'ben_7Gh3Kc',
      reference: 'HW-118-COMMISSION',
    }),
};

/** The story's objects whose lists are read under them. */
const PARENT_OF: Record<string, string> = {
  '/v1/acquirer_settlements/{id}/transactions': 'stl_2Ha6Lx',
  '/v1/aisp/consents/{id}/accounts': 'aisp_9Nc4Jr',
};

/** The field a filter reads, as its `x-filter` declares, its own name otherwise. */
function fieldOf(parameter: Parameter, row: Row): unknown {
  const path = (parameter['x-filter']?.field ?? parameter.name).split('.');
  return path.reduce<unknown>((value, key) => (value as Row | undefined)?.[key], row);
}

/** Whether an object is one a filter's value selects. */
function selects(parameter: Parameter, value: string, row: Row): boolean {
  const field = fieldOf(parameter, row);
  const compare = parameter['x-filter']?.compare;
  if (compare === 'at_or_after') return Date.parse(String(field)) >= Date.parse(value);
  if (compare === 'before') return Date.parse(String(field)) < Date.parse(value);
  if (Array.isArray(field)) return field.includes(value);
  if (compare === 'case_insensitive') return String(field).toLowerCase() === value.toLowerCase();
  return String(field) === value;
}

/** A value that picks some objects and leaves others, where the objects allow one. */
function telling(parameter: Parameter, rows: Row[]): string | undefined {
  const candidates = rows.flatMap((row) => {
    const field = fieldOf(parameter, row);
    if (field === null || field === undefined) return [];
    return Array.isArray(field) ? field.map(String) : [String(field)];
  });
  const distinct = [...new Set(candidates)].sort();
  if (parameter['x-filter']?.compare) return distinct[Math.floor(distinct.length / 2)];
  return (
    distinct.find((value) => rows.some((row) => !selects(parameter, value, row))) ?? distinct[0]
  );
}

type List = { path: string; paginated: boolean; required: string[] };

/** A whole list in one page, with the filters asked, and any the list requires. */
async function everything(list: List, query: string[] = []): Promise<Row[]> {
  const asked = [...query];
  for (const name of list.required) {
    if (!asked.some((pair) => pair.startsWith(`${name}=`))) asked.push(`${name}=${REQUIRED[name]}`);
  }
  if (list.paginated) asked.push('limit=100');
  const answer = await get(`${list.path}?${asked.join('&')}`);
  expect(answer.status, `${list.path}: ${JSON.stringify(answer.body)}`).toBe(200);
  expect(answer.body.has_more ?? false, `${list.path} fits one page`).toBe(false);
  return answer.body.data as Row[];
}

const filters = allOperations(document).flatMap(({ method, path, operation }) => {
  if (method !== 'get' || path === '/v1/balance') return [];
  const parameters = parametersOf(document, document.paths[path]!, operation);
  const list: List = {
    path: path.replace('{id}', PARENT_OF[path] ?? ''),
    paginated: parameters.some((parameter) => parameter.name === 'limit'),
    required: parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => parameter.name),
  };
  return parameters
    .filter((parameter) => parameter.in === 'query' && !PAGING.has(parameter.name))
    .map((parameter) => ({ operationId: operation.operationId, list, parameter }));
});

describe('every list filter of the document', () => {
  it('covers the lists of every kind', () => {
    expect(filters.length).toBeGreaterThan(100);
  });

  it.each(filters.map((filter) => [`${filter.operationId} ${filter.parameter.name}`, filter]))(
    '%s selects what it says',
    async (_, { operationId, list, parameter }) => {
      await MAKE_TELLING[`${operationId} ${parameter.name}`]?.();
      const rows = await everything(list);
      const value = telling(parameter, rows);
      expect(value, `an object of ${list.path} with ${parameter.name}`).toBeDefined();
      const asked =
        parameter['x-filter']?.compare === 'case_insensitive' ? value!.toUpperCase() : value!;
      const filtered = await everything(list, [`${parameter.name}=${encodeURIComponent(asked)}`]);
      const expected = rows.filter((row) => selects(parameter, value!, row)).map((row) => row.id);
      expect(filtered.map((row) => row.id)).toEqual(expected);
    },
  );

  it('that a list requires keeps the objects of the value asked for, and only those', async () => {
    const cards: List = { path: '/v1/tokenised_cards', paginated: true, required: [] };
    const own = await everything(cards, [`customer_id=${REQUIRED.customer_id}`]);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((card) => card.customer_id === REQUIRED.customer_id)).toBe(true);
    const other = await sandbox.post('/v1/customers', {
      name: 'Zed Cole',
      email: 'zed@example.com',
    });
    expect(await everything(cards, [`customer_id=${other.body.id}`])).toEqual([]);
  });

  it('of the balance keeps only the currency asked for', async () => {
    const balance = (await get('/v1/balance?currency=EUR')).body as Record<string, Row[]>;
    const amounts = ['available', 'pending', 'reserved'].flatMap((part) => balance[part] ?? []);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((amount) => amount.currency === 'EUR')).toBe(true);
  });
});
