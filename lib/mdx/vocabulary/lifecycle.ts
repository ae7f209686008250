import type { ElementContent } from 'hast';
import { h, s } from 'hastscript';
import { z } from 'zod';
import { loadDocument } from '@/lib/openapi/document';
import {
  layoutLifecycle,
  NODE_HEIGHT,
  START,
  START_RADIUS,
  type Diagram,
} from '@/lib/openapi/lifecycle-layout';
import { lifecycles } from '@/lib/openapi/lifecycles';
import { defineComponent } from './types';

const kindSchema = z.string().regex(/^[a-z_]+$/);

/** The diagram in words, for a screen reader: `Created as active. active becomes paid or expired.` */
function described(kind: string, diagram: Diagram): string {
  const next = (status: string) =>
    diagram.edges.filter((edge) => edge.from === status).map((edge) => edge.to);
  const sentences = [`A new ${kind.replaceAll('_', ' ')} is ${next(START).join(' or ')}.`];
  for (const node of diagram.nodes) {
    const targets = node.status === START ? [] : next(node.status);
    if (targets.length) sentences.push(`${node.status} becomes ${targets.join(' or ')}.`);
  }
  return sentences.join(' ');
}

/** Lets a keyboard scroll the table when it is wider than the page, as a reader's pointer can. */
function scrollable(nodes: ElementContent[], label: string): ElementContent[] {
  return nodes.map((node) =>
    node.type === 'element' && node.properties.dataSlot === 'table'
      ? {
          ...node,
          properties: { ...node.properties, tabIndex: 0, role: 'region', ariaLabel: label },
        }
      : node,
  );
}

/**
 * `<Lifecycle kind="charge">` around the table of its rows: the statuses of a kind drawn above
 * the table, the arrows between them one per pair a row joins. Inside it, the table is not a
 * block of the article of its own, and its statuses and events are never broken mid-word.
 */
export const Lifecycle = defineComponent({
  props: z.object({ kind: kindSchema }),
  html: ({ kind }, { uniqueId, children }) => {
    const lifecycle = lifecycles(loadDocument()).get(kind);
    if (!lifecycle) throw new Error(`<Lifecycle kind="${kind}">: no x-lifecycle for ${kind}.`);
    const diagram = layoutLifecycle(lifecycle.rows);
    const arrow = uniqueId('lifecycle-arrow');
    const edges = diagram.edges.map((edge) =>
      s('path', { d: edge.path, dataBack: edge.back || undefined, markerEnd: `url(#${arrow})` }),
    );
    const nodes = diagram.nodes.map((node) =>
      node.status === START
        ? s('circle', { cx: node.x, cy: node.y + START_RADIUS, r: START_RADIUS })
        : s('g', { dataFinal: node.final || undefined }, [
            s('rect', { x: node.x, y: node.y, width: node.width, height: NODE_HEIGHT, rx: 6 }),
            s(
              'text',
              { x: node.x + node.width / 2, y: node.y + NODE_HEIGHT / 2, dy: '0.35em' },
              node.status,
            ),
          ]),
    );
    const svg = s(
      'svg',
      {
        viewBox: `0 0 ${diagram.width} ${diagram.height}`,
        width: diagram.width,
        height: diagram.height,
        role: 'img',
        ariaLabel: described(kind, diagram),
      },
      [
        s('defs', [
          s(
            'marker',
            {
              id: arrow,
              viewBox: '0 0 10 10',
              refX: 9,
              refY: 5,
              markerWidth: 7,
              markerHeight: 7,
              orient: 'auto-start-reverse',
            },
            [s('path', { d: 'M0 0L10 5L0 10z' })],
          ),
        ]),
        ...edges,
        ...nodes,
      ],
    );
    const noun = kind.replaceAll('_', ' ');
    return [
      h('div', { dataSlot: 'lifecycle' }, [
        h('figure', { dataSlot: 'lifecycle-diagram' }, [svg]),
        ...scrollable(children(), `Every change of status of a ${noun}`),
      ]),
    ];
  },
  // The table says it all in words, in Markdown as in search.
  markdown: (_, children) => children,
  text: (_, children) => children,
});
