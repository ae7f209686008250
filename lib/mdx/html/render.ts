// A page's syntax tree as HTML: the vocabulary's components, highlighted code, anchored headings,
// and nothing from the content that could run (raw HTML is dropped, unsafe links lose their target).
import 'server-only';
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { Code, Heading, Nodes, Root, Table } from 'mdast';
import { defaultHandlers, toHast, type Handler, type State } from 'mdast-util-to-hast';
import { visit } from 'unist-util-visit';
import { isSafeHref } from '@/lib/safe-href';
import { titleFromMeta } from '../code-meta';
import { codeTitle } from '../code-language';
import { propsOf, type JsxElement } from '../jsx';
import { componentOf } from '../vocabulary';
import type { RenderedCode } from '../vocabulary/types';
import { reserveBlockHeights } from './block-reserve';
import { codeFrame } from './code-frame';
import { copyButton } from './copy-button';
import { prepareHighlighter, type Highlight } from './highlight';
import { builtSample } from '@/lib/openapi/samples/built-sample';
import { serverChoice } from './server-choice';

function codeRenderer(highlight: Highlight) {
  return (code: Code): RenderedCode => {
    const language = code.lang ?? undefined;
    const title = titleFromMeta(code.meta);
    const pre = h('pre', { dataLanguage: language, dataTitle: title, tabIndex: 0 }, [
      h('code', highlight(builtSample(code.value), language)),
    ]);
    return {
      pre,
      title: codeTitle(title, language),
      language,
      lines: code.value.split('\n').length,
    };
  };
}

/** A heading with its id; `##` and `###` link to their own anchor. */
function heading(state: State, node: Heading): Element {
  const id = node.data?.id;
  const children = state.all(node);
  if (!id || node.depth < 2 || node.depth > 3) {
    return h(`h${node.depth}`, { id }, children);
  }
  return h(`h${node.depth}`, { id, dataSlot: 'heading' }, [
    h('a', { href: `#${id}` }, [...children, h('span', { ariaHidden: 'true' }, '#')]),
  ]);
}

/**
 * A table that scrolls sideways on narrow screens instead of widening the page, reachable by
 * keyboard so that what scrolls out of view can be scrolled back, as code frames are.
 */
function table(state: State, node: Table): Element {
  return h('div', { dataSlot: 'table', tabIndex: 0 }, [defaultHandlers.table(state, node)]);
}

/** Links anywhere else than this site, an http(s) site or an email lose their target. */
function makeSafe(tree: HastRoot) {
  visit(tree, 'element', (node: Element) => {
    const { tagName, properties } = node;
    if (tagName === 'a' && !isSafeHref(String(properties.href ?? ''))) {
      node.tagName = 'span';
      node.properties = {};
    }
    if (tagName === 'img' && !isSafeHref(String(properties.src ?? ''))) delete properties.src;
    // GFM task-list boxes are read-only; a name tells screen-reader users their state.
    if (tagName === 'input' && properties.type === 'checkbox') {
      properties.ariaLabel = properties.checked ? 'Done' : 'To do';
    }
  });
}

/** Renders a page's tree (with its heading ids assigned) as an HTML string. */
export async function renderHtml(tree: Root, { file }: { file: string }): Promise<string> {
  const languages: (string | null | undefined)[] = [];
  visit(tree, 'code', (node: Code) => {
    languages.push(node.lang);
  });
  const renderCode = codeRenderer(await prepareHighlighter(languages));
  let counter = 0;
  const uniqueId = (prefix: string) => `${prefix}-${++counter}`;

  const jsx: Handler = (state, node: JsxElement) => {
    const component = componentOf(node, file);
    const props = propsOf(node, component.props, file);
    return component.html(props, {
      children: () => state.all(node as unknown as Nodes) as ElementContent[],
      node,
      renderCode,
      uniqueId,
    });
  };
  const hast = toHast(tree, {
    handlers: {
      mdxJsxFlowElement: jsx,
      mdxJsxTextElement: jsx,
      heading,
      table,
      code: (_, node: Code) => {
        const { pre, title, lines } = renderCode(node);
        return codeFrame('code-block', lines, [
          h('div', { dataSlot: 'code-header' }, [
            h('span', title),
            ...serverChoice([node.value]),
            copyButton(),
          ]),
          pre,
        ]);
      },
    },
  }) as HastRoot;
  makeSafe(hast);
  reserveBlockHeights(hast);
  return toHtml(hast);
}
