import type { Element } from 'hast';
import { h } from 'hastscript';
import { DEFAULT_SERVER, namesServer, serverOf } from '@/lib/openapi/samples/servers';

/**
 * The server picker of a code frame whose samples name a server; none for the others. The page
 * carries only its look, the default server's name: the article's script puts the menu in its
 * place as the frame nears the screen (components/article/code-tabs.ts). A form control in the
 * first HTML makes Chrome's autofill, as the document loads, lay out every content-visibility
 * block that holds one, about half the phone's blocking time on a reference page.
 */
export function serverChoice(codes: string[]): Element[] {
  if (!codes.some(namesServer)) return [];
  return [
    h('label', { dataSlot: 'server-choice', className: ['ml-auto flex-none'] }, [
      h(
        'span',
        {
          dataSlot: 'server-choice-shown',
          ariaHidden: 'true',
          className: [
            'inline-block max-w-32 truncate rounded-md bg-zinc-800 py-1 pr-1 pl-1.5 text-xs text-zinc-200',
            'ring-1 ring-white/10 focus-visible:ring-emerald-400 sm:max-w-none',
          ],
        },
        serverOf(DEFAULT_SERVER).title,
      ),
    ]),
  ];
}
