import type { Code, RootContent } from 'mdast';
import { h } from 'hastscript';
import { z } from 'zod';
import { codeFrame } from '../html/code-frame';
import { copyButton } from '../html/copy-button';
import { serverChoice } from '../html/server-choice';
import { label, text } from './markdown-nodes';
import { defineComponent } from './types';

/** The fenced code blocks of a group, looking inside any wrapper around them. */
function codeBlocksOf(nodes: RootContent[]): Code[] {
  return nodes.flatMap((node) => {
    if (node.type === 'code') return [node];
    return 'children' in node ? codeBlocksOf(node.children as RootContent[]) : [];
  });
}

/** `<CodeGroup title?>`: several code blocks as tabs titled by file name or language. */
export const CodeGroup = defineComponent({
  props: z.object({ title: z.string().optional() }),
  html: ({ title }, { node, renderCode, uniqueId }) => {
    const codes = codeBlocksOf(node.children as RootContent[]);
    const blocks = codes.map(renderCode);
    const id = uniqueId('code');
    const tabs = blocks.map((block, index) =>
      h(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `${id}-tab-${index}`,
          ariaSelected: index === 0 ? 'true' : 'false',
          ariaControls: `${id}-panel-${index}`,
          tabIndex: index === 0 ? 0 : -1,
          dataLanguage: block.language,
        },
        block.title,
      ),
    );
    const panels = blocks.map((block, index) =>
      h(
        'div',
        {
          role: 'tabpanel',
          id: `${id}-panel-${index}`,
          ariaLabelledby: `${id}-tab-${index}`,
          hidden: index !== 0,
        },
        [block.pre],
      ),
    );
    return [
      codeFrame('code-group', blocks[0]?.lines ?? 0, [
        h('div', { dataSlot: 'code-header' }, [
          ...(title ? [h('span', { dataSlot: 'code-group-title' }, title)] : []),
          h('div', { role: 'tablist', ariaLabel: title ?? 'Code samples' }, tabs),
          ...serverChoice(codes.map((code) => code.value)),
          copyButton(),
        ]),
        ...panels,
      ]),
    ];
  },
  // The group's title ("Request") labels its code blocks, as its tab bar does on the page.
  markdown: ({ title }, children) =>
    title ? [...label([text(title)], false), ...children] : children,
  // Code is left out of search; the prose around it says what it does.
  text: () => '',
});
