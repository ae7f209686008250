// Every search record of the site: each page's own records, then one record per named thing of
// the API reference, each pointing at the anchor its page shows.
import { loadDocument } from '@/lib/openapi/document';
import type { createPageSource } from '@/lib/source';
import { recordsOf, type SearchRecord } from './records';
import { siteAnchors } from './reference/anchors';
import { errorCodeEntries, failureCodeEntries } from './reference/codes';
import { entryRecord } from './reference/entry';
import { eventEntries } from './reference/events';
import { fieldEntries, parameterEntries } from './reference/fields';
import { scenarioEntries } from './reference/scenarios';

type PageSource = ReturnType<typeof createPageSource>;

/** The records of every page, section, endpoint, guide, code, event, field and scenario. */
export async function siteRecords(source: PageSource, siteUrl: string): Promise<SearchRecord[]> {
  const pages = [];
  for (const page of await source.pages()) {
    const content = await source.content(page.route);
    if (content) pages.push({ page, content });
  }
  const anchors = siteAnchors(pages);
  const document = loadDocument();
  const links = await source.links();
  const entries = [
    ...errorCodeEntries(document, links),
    ...failureCodeEntries(document, links),
    ...eventEntries(document, links),
    ...scenarioEntries(document, anchors),
    ...fieldEntries(document, links),
    ...parameterEntries(document, links),
  ];
  return [
    ...pages.flatMap(({ page, content }) => recordsOf(page, content, siteUrl)),
    ...entries.map((entry) => entryRecord(entry, anchors, siteUrl)),
  ];
}
