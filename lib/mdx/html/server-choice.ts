import type { Element } from 'hast';
import { h } from 'hastscript';
import { DEFAULT_SERVER, namesServer, SERVERS } from '@/lib/openapi/samples/servers';

/** The server picker of a code frame whose samples name a server; none for the others. */
export function serverChoice(codes: string[]): Element[] {
  if (!codes.some(namesServer)) return [];
  return [
    h('label', { dataSlot: 'server-choice', className: ['ml-auto flex-none'] }, [
      h('span', { className: ['sr-only'] }, 'Server'),
      h(
        'select',
        {
          className: [
            'max-w-32 truncate rounded-md bg-zinc-800 py-1 pr-1 pl-1.5 text-xs text-zinc-200',
            'ring-1 ring-white/10 focus-visible:ring-emerald-400 sm:max-w-none',
          ],
        },
        SERVERS.map((server) =>
          h('option', { value: server.id, selected: server.id === DEFAULT_SERVER }, server.title),
        ),
      ),
    ]),
  ];
}
