import { describe, expect, it } from 'vitest';
import { loadDocument, type ApiDocument } from '@/lib/openapi/document';
import {
  collectionOf,
  lifecycleProblems,
  lifecycles,
  refusalOf,
  requestOperation,
  rowsFrom,
} from '@/lib/openapi/lifecycles';
import { GUARDS } from '@/lib/sandbox/guards';
import { requireRowsAllow } from '@/lib/sandbox/lifecycle';

const document = loadDocument();
const tables = lifecycles(document);

/** Every action of the document on one object: `POST /v1/charges/{id}/capture`. */
const actions = Object.entries(document.paths).flatMap(([path, item]) => {
  const match = /^\/v1\/(?:test_helpers\/)?(.+)\/\{[a-z_]+\}\/([a-z_]+)$/.exec(path);
  return match && item.post ? [{ path, collection: match[1]!, request: match[2]! }] : [];
});

describe('the lifecycles of the document', () => {
  it('name only statuses, webhooks and fields the document has', () => {
    expect(tables.size).toBeGreaterThanOrEqual(15);
    expect(lifecycleProblems(document)).toEqual([]);
  });

  it('are refused when a row names a status or an event the document lacks', () => {
    const broken = structuredClone(document) as ApiDocument;
    const rows = broken.components.schemas.Refund!['x-lifecycle']!.rows;
    rows.push({ from: ['pending'], outside: 'never', to: 'settled', events: ['refund.lost'] });
    expect(lifecycleProblems(broken)).toEqual([
      expect.stringContaining('no status settled'),
      expect.stringContaining('no webhook refund.lost'),
    ]);
  });

  it('have rows for every action on an object with a status, and every request row is an operation', () => {
    for (const { path, collection, request } of actions) {
      // An event has no status: resending it changes nothing.
      if (collection === 'events') continue;
      const kind = [...tables.keys()].find(
        (name) => collectionOf(name) === collection.replaceAll('/', '_'),
      );
      const table = kind ? tables.get(kind) : undefined;
      expect(table, path).toBeDefined();
      expect(
        table!.rows.some((row) => row.request === request && row.from),
        path,
      ).toBe(true);
    }
    for (const table of tables.values()) {
      for (const row of table.rows.filter(({ request }) => request)) {
        const operationId = requestOperation(document, table.kind, row.request!);
        expect(typeof operationId, `${table.kind} ${row.request}`).toBe('string');
      }
    }
  });

  it('say which error a request answers from every status no row starts it from', () => {
    for (const table of tables.values()) {
      const requests = new Set(table.rows.filter((row) => row.from).map((row) => row.request));
      for (const request of requests) {
        if (!request) continue;
        for (const status of table.statuses) {
          if (rowsFrom(table, request, status).length > 0) continue;
          expect(
            refusalOf(table, request, status),
            `${table.kind} ${request} from ${status}`,
          ).toMatch(/^[a-z_]+$/);
        }
      }
    }
  });
});

describe('the guards of the lifecycle rows', () => {
  const named = [...tables.values()].flatMap((table) =>
    table.rows.flatMap((row) => row.guard ?? []),
  );

  it('are each a condition the sandbox holds its moves to, and no condition goes unnamed', () => {
    expect([...new Set(named)].sort()).toEqual(Object.keys(GUARDS).sort());
  });

  it('refuse a move that reaches a row whose guard is false of it', () => {
    const rows = tables.get('credit_note')!.rows.filter((row) => row.request === 'apply');
    const note = { object: 'credit_note', status: 'applied', amount: 5000 };
    const move = (applied: number) => ({
      before: { ...note, status: 'open' },
      after: { ...note, applications: [{ amount: applied }] },
      body: {},
      related: [],
      now: 0,
    });
    expect(() => requireRowsAllow(rows, move(5000), 'open', [])).not.toThrow();
    expect(() => requireRowsAllow(rows, move(2000), 'open', [])).toThrow(/nothing_remains/);
  });
});
