// A resource page's lifecycle diagram and table, written from the document's `x-lifecycle`: each row's
// statuses, what moves the object (a request linked to its section, a time, or the outside world),
// and the events it sends. `<ApiReference lifecycle="charge" />` puts it on a page.
import type { PhrasingContent, RootContent, TableRow } from 'mdast';
import { jsxElement } from '@/lib/mdx/jsx';
import type { ApiDocument } from '../document';
import { lifecycles, requestOperation, triggerText, type LifecycleRow } from '../lifecycles';
import type { ReferenceLinks } from './links';
import { inlineCode, link, markdownInline, text } from './mdast';
import { operationLinks } from './test-scenarios';

const list = (items: PhrasingContent[][], separator = ', '): PhrasingContent[] =>
  items.flatMap((item, index) => (index ? [text(separator), ...item] : item));

const cell = (children: PhrasingContent[]) => ({ type: 'tableCell' as const, children });

/** The lifecycle of `kind` as a table, or an error naming the schema to declare it on. */
export function lifecycleTable(
  document: ApiDocument,
  kind: string,
  links: ReferenceLinks,
): RootContent[] {
  const lifecycle = lifecycles(document).get(kind);
  if (!lifecycle) {
    throw new Error(
      `openapi/openapi.yaml: no schema with "object: ${kind}" declares an x-lifecycle. Declare it there.`,
    );
  }
  const operations = operationLinks(document, links);
  const trigger = (row: LifecycleRow): PhrasingContent[] => {
    const operationId = row.request && requestOperation(document, kind, row.request);
    const found = operationId ? operations.get(operationId) : undefined;
    const what = markdownInline(triggerText(row));
    const on = found ? [link(found.href, what)] : what;
    return row.when ? [...on, text(': '), ...markdownInline(row.when)] : on;
  };
  const header: TableRow = {
    type: 'tableRow',
    children: ['From', 'On', 'To', 'Events'].map((title) => cell([text(title)])),
  };
  const rows: TableRow[] = lifecycle.rows.map((row) => ({
    type: 'tableRow',
    children: [
      cell(
        row.from
          ? list(
              row.from.map((status) => [inlineCode(status)]),
              ' or ',
            )
          : [text('New')],
      ),
      cell(trigger(row)),
      cell([inlineCode(row.to)]),
      cell(
        row.events?.length
          ? list(row.events.map((event) => [link(links.eventHref(event), [inlineCode(event)])]))
          : [text('None')],
      ),
    ],
  }));
  const table: RootContent = {
    type: 'table',
    align: [null, null, null, null],
    children: [header, ...rows],
  };
  return [jsxElement('Lifecycle', { kind }, [table]) as RootContent];
}
