import { h } from 'hastscript';
import type { RootContent } from 'mdast';
import { z } from 'zod';
import { publicConfig } from '@/lib/config/public';
import { terminalValues } from '@/lib/openapi/samples/servers';
import { copyButton } from '../html/copy-button';
import { inlineCode, label, listItem, listOf, text } from './markdown-nodes';
import { defineComponent } from './types';

const TITLE = 'Use the sandbox from your terminal';
const INTRO =
  "No account needed: this site's sandbox takes this key pair, which has every role, and each token opens a sandbox of its own. The key pairs with one role answer 403 to what their role may not do.";

/**
 * `<SandboxTerminal />`: this site's sandbox base URL, key pair and token command, each with a
 * Copy button. Built for the site URL; the page rewrites it for the origin it is served from.
 */
export const SandboxTerminal = defineComponent({
  props: z.object({}),
  html: (_, { uniqueId }) => {
    const id = uniqueId('sandbox-terminal');
    return [
      h(
        'section',
        {
          dataSlot: 'sandbox-terminal',
          dataServer: 'site',
          ariaLabelledby: id,
          className: [
            'not-prose my-6 rounded-2xl p-4 text-sm ring-1 ring-zinc-900/10 dark:ring-white/10',
          ],
        },
        [
          h('p', { id, className: ['font-semibold text-zinc-900 dark:text-white'] }, TITLE),
          h('p', { className: ['mt-1 text-zinc-600 dark:text-zinc-400'] }, INTRO),
          h(
            'dl',
            { className: ['mt-3 grid gap-3'] },
            terminalValues(publicConfig.siteUrl).map(({ label: name, value }) =>
              h('div', { dataCopyScope: '', className: ['min-w-0'] }, [
                h(
                  'dt',
                  { className: ['text-xs font-medium text-zinc-700 dark:text-zinc-300'] },
                  name,
                ),
                h(
                  'dd',
                  { className: ['mt-1 flex items-start gap-2 rounded-lg bg-zinc-900 pr-2'] },
                  [
                    h(
                      'pre',
                      {
                        className: [
                          'min-w-0 flex-1 overflow-x-auto p-2 text-xs leading-5 text-[#e6edf3]',
                        ],
                        tabIndex: 0,
                      },
                      [h('code', value)],
                    ),
                    copyButton(),
                  ],
                ),
              ]),
            ),
          ),
        ],
      ),
    ];
  },
  markdown: () => {
    const values = terminalValues(publicConfig.siteUrl);
    const token = values[values.length - 1]!;
    const [lines, tables] = [
      values.filter((row) => row !== token && !row.value.includes('\n')),
      values.filter((row) => row !== token && row.value.includes('\n')),
    ];
    return [
      ...label([text(TITLE)], false),
      ...listOf(
        lines.map(({ label: name, value }) => listItem([text(`${name}: `), inlineCode(value)], [])),
      ),
      ...tables.flatMap(({ label: name, value }): RootContent[] => [
        { type: 'paragraph', children: [text(`${name}:`)] },
        { type: 'code', lang: 'text', value },
      ]),
      { type: 'code', lang: 'bash', value: token.value },
    ];
  },
  text: () =>
    [
      TITLE,
      ...terminalValues(publicConfig.siteUrl)
        .slice(1, 3)
        .map((row) => row.value),
    ].join(' '),
});
