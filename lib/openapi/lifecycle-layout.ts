// Lays a lifecycle table out as a diagram, top to bottom: a start point, each status once, in
// layers by the longest forward path from the start, and one arrow per pair of statuses a row
// joins. An arrow back to an earlier status (a new bank account restarting verification) bows to
// the side; a row that keeps the status (a draft of evidence) is left to the table.
import type { LifecycleRow } from './lifecycle-schema';

export const START = '';

export type DiagramNode = { status: string; x: number; y: number; width: number; final: boolean };
export type DiagramEdge = { from: string; to: string; path: string; back: boolean };
export type Diagram = { width: number; height: number; nodes: DiagramNode[]; edges: DiagramEdge[] };

const CHAR_WIDTH = 7.25;
const NODE_PADDING = 24;
export const NODE_HEIGHT = 28;
const LAYER_GAP = 44;
const NODE_GAP = 16;
const MARGIN = 12;
const START_RADIUS = 6;
/** How far past the statuses it passes an arrow back bows. */
const BACK_BOW = 24;

const pairsOf = (rows: LifecycleRow[]) => {
  const pairs = new Map<string, [string, string]>();
  for (const row of rows) {
    for (const from of row.from ?? [START]) {
      if (from !== row.to) pairs.set(`${from}>${row.to}`, [from, row.to]);
    }
  }
  return [...pairs.values()];
};

/** The arrows that close a cycle, found by a depth-first walk from the start in row order. */
function backEdges(pairs: [string, string][]): Set<string> {
  const back = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string) => {
    state.set(node, 'open');
    for (const [from, to] of pairs) {
      if (from !== node) continue;
      if (state.get(to) === 'open') back.add(`${from}>${to}`);
      else if (!state.has(to)) visit(to);
    }
    state.set(node, 'done');
  };
  visit(START);
  return back;
}

/** Each status's layer: the longest path of forward arrows from the start. */
function layersOf(pairs: [string, string][], back: Set<string>): Map<string, number> {
  const layer = new Map<string, number>([[START, 0]]);
  const forward = pairs.filter(([from, to]) => !back.has(`${from}>${to}`));
  // Relaxing every arrow once per status settles the longest paths of an acyclic graph.
  for (let round = 0; round <= forward.length; round += 1) {
    for (const [from, to] of forward) {
      const next = (layer.get(from) ?? 0) + 1;
      if (layer.has(from) && next > (layer.get(to) ?? 0)) layer.set(to, next);
    }
  }
  return layer;
}

/** The middle of the gap between a layer's nodes (or beside them) nearest to `x`. */
function nearestGap(nodes: DiagramNode[], x: number): number {
  const gaps = [
    nodes[0]!.x - NODE_GAP,
    ...nodes.slice(1).map((node, index) => (nodes[index]!.x + nodes[index]!.width + node.x) / 2),
    nodes.at(-1)!.x + nodes.at(-1)!.width + NODE_GAP,
  ];
  return gaps.reduce((best, gap) => (Math.abs(gap - x) < Math.abs(best - x) ? gap : best));
}

const widthOf = (status: string) => Math.round(status.length * CHAR_WIDTH + NODE_PADDING);

/** The diagram of a lifecycle's rows, in pixels of its own coordinate space. */
export function layoutLifecycle(rows: LifecycleRow[]): Diagram {
  const pairs = pairsOf(rows);
  const back = backEdges(pairs);
  const layer = layersOf(pairs, back);
  const layers: string[][] = [];
  for (const [status, index] of layer) (layers[index] ??= []).push(status);
  // Each status sits under the statuses it comes from, so arrows cross as little as they can.
  const order = new Map<string, number>([[START, 0]]);
  for (const statuses of layers.slice(1)) {
    const weight = (status: string) => {
      const sources = pairs.filter(([, to]) => to === status).map(([from]) => order.get(from));
      const known = sources.filter((value): value is number => value !== undefined);
      return known.length ? known.reduce((sum, value) => sum + value, 0) / known.length : 0;
    };
    statuses.sort((a, b) => weight(a) - weight(b));
    statuses.forEach((status, index) => order.set(status, index));
  }
  const rowWidth = (statuses: string[]) =>
    statuses.reduce((sum, status) => sum + widthOf(status), 0) + NODE_GAP * (statuses.length - 1);
  const width = Math.max(...layers.slice(1).map(rowWidth)) + 2 * (MARGIN + NODE_GAP) + 48;
  const finals = new Set(
    [...layer.keys()].filter((status) => !pairs.some(([from]) => from === status)),
  );
  const nodes: DiagramNode[] = layers.flatMap((statuses, index) => {
    const y = MARGIN + index * (NODE_HEIGHT + LAYER_GAP);
    if (index === 0) return [{ status: START, x: width / 2, y, width: 0, final: false }];
    let x = (width - rowWidth(statuses)) / 2;
    return statuses.map((status) => {
      const node = { status, x, y, width: widthOf(status), final: finals.has(status) };
      x += node.width + NODE_GAP;
      return node;
    });
  });
  const at = new Map(nodes.map((node) => [node.status, node]));
  const edges = pairs.map(([from, to]): DiagramEdge => {
    const source = at.get(from)!;
    const target = at.get(to)!;
    const isBack = back.has(`${from}>${to}`);
    if (isBack) {
      // Out of the source's outer side and into the target's, bowing past every status between.
      const left = source.x + source.width / 2 < width / 2;
      const between = nodes.filter((node) => node.y >= target.y && node.y <= source.y);
      const edgeOf = (node: DiagramNode) => (left ? node.x : node.x + node.width);
      const outermost = left
        ? Math.min(...between.map(edgeOf)) - BACK_BOW
        : Math.max(...between.map(edgeOf)) + BACK_BOW;
      const sx = edgeOf(source);
      const tx = edgeOf(target);
      const sy = source.y + NODE_HEIGHT / 2;
      const ty = target.y + NODE_HEIGHT / 2;
      return {
        from,
        to,
        back: true,
        path: `M${sx} ${sy} C${outermost} ${sy} ${outermost} ${ty} ${tx} ${ty}`,
      };
    }
    const start = {
      x: from === START ? source.x : source.x + source.width / 2,
      y: from === START ? source.y + START_RADIUS * 2 : source.y + NODE_HEIGHT,
    };
    const end = { x: target.x + target.width / 2, y: target.y };
    // An arrow that skips layers passes each through the gap nearest its straight line.
    const skipped = layers.slice(layer.get(from)! + 1, layer.get(to)!);
    const through = skipped.map((statuses) => {
      const y = at.get(statuses[0]!)!.y + NODE_HEIGHT / 2;
      const straight = start.x + ((end.x - start.x) * (y - start.y)) / (end.y - start.y);
      return {
        x: nearestGap(
          statuses.map((status) => at.get(status)!),
          straight,
        ),
        y,
      };
    });
    const points = [start, ...through, end];
    const curves = points.slice(1).map((point, index) => {
      const previous = points[index]!;
      const bend = (point.y - previous.y) / 2;
      return `C${previous.x} ${previous.y + bend} ${point.x} ${point.y - bend} ${point.x} ${point.y}`;
    });
    return { from, to, back: false, path: `M${start.x} ${start.y} ${curves.join(' ')}` };
  });
  const height = MARGIN * 2 + (layers.length - 1) * (NODE_HEIGHT + LAYER_GAP) + NODE_HEIGHT;
  return { width, height, nodes, edges };
}

export { START_RADIUS };
