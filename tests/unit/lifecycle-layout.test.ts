import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { layoutLifecycle, START } from '@/lib/openapi/lifecycle-layout';
import { lifecycles } from '@/lib/openapi/lifecycles';

const tables = lifecycles(loadDocument());

describe('a lifecycle diagram', () => {
  it.each([...tables.keys()])(
    'of %s shows each status once, inside the picture, none overlapping',
    (kind) => {
      const diagram = layoutLifecycle(tables.get(kind)!.rows);
      const statuses = diagram.nodes
        .map((node) => node.status)
        .filter((status) => status !== START);
      expect(new Set(statuses).size).toBe(statuses.length);
      const named = new Set(tables.get(kind)!.rows.flatMap((row) => [...(row.from ?? []), row.to]));
      expect(new Set(statuses)).toEqual(named);
      for (const node of diagram.nodes) {
        expect(node.x).toBeGreaterThanOrEqual(0);
        expect(node.x + node.width).toBeLessThanOrEqual(diagram.width);
        expect(node.y).toBeLessThan(diagram.height);
        const overlapping = diagram.nodes.filter(
          (other) =>
            other !== node &&
            other.y === node.y &&
            other.x < node.x + node.width &&
            node.x < other.x + other.width,
        );
        expect(overlapping).toEqual([]);
      }
    },
  );

  it('points every arrow down to a later layer, except those that go back, which it marks', () => {
    const diagram = layoutLifecycle(tables.get('supplier')!.rows);
    const y = new Map(diagram.nodes.map((node) => [node.status, node.y]));
    for (const edge of diagram.edges) {
      expect(y.get(edge.to)! > y.get(edge.from)!, `${edge.from} → ${edge.to}`).toBe(!edge.back);
    }
    expect(
      diagram.edges.filter((edge) => edge.back).map(({ from, to }) => `${from}→${to}`),
    ).toEqual(['verified→pending_verification', 'rejected→pending_verification']);
  });

  it('leaves out a row that keeps the status, and marks the statuses nothing leaves as final', () => {
    const diagram = layoutLifecycle(tables.get('chargeback')!.rows);
    expect(diagram.edges.some((edge) => edge.from === edge.to)).toBe(false);
    const finals = diagram.nodes.filter((node) => node.final).map((node) => node.status);
    expect(finals.sort()).toEqual(['lost', 'won']);
  });
});
