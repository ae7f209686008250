// One named thing of the reference as a search record: its name, its anchor and its meaning.
import { searchText } from '@/lib/mdx/text';
import { DOCUMENT_FILE } from '@/lib/openapi/document';
import { markdownBlocks } from '@/lib/openapi/pages/mdast';
import { pageTitle } from '@/lib/titles';
import type { NamedRecordType } from '../record-types';
import { excerpt, type SearchRecord } from '../records';
import type { SiteAnchors } from './anchors';

/** A code, event, field, parameter or scenario, where the reference shows it and what it means. */
export type ReferenceEntry = {
  type: NamedRecordType;
  /** As code writes it: `card_declined`, `refund.succeeded`, `Charge.capture_before`. */
  name: string;
  /** Site path with the anchor the page gives it, from the reference's own link helpers. */
  path: string;
  /** Facts shown before the description, such as `HTTP 409 · conflict_error`. */
  facts: string[];
  /** Its description from the document, in Markdown. */
  description?: string;
};

/** The plain text of a Markdown description from the document. */
export function plainText(markdown: string | undefined): string {
  return searchText(markdownBlocks(markdown), DOCUMENT_FILE);
}

/** The record of an entry, placed under the page and headings that show its anchor. */
export function entryRecord(
  entry: ReferenceEntry,
  anchors: SiteAnchors,
  siteUrl: string,
): SearchRecord {
  const { page, trail } = anchors.at(entry.path);
  const meaning = [entry.facts.join(' · '), plainText(entry.description)].filter(Boolean);
  return {
    // A failure code shares its enum's anchor with the others of its enum, so the name counts too.
    objectID: `${entry.type}:${entry.name}:${entry.path}`,
    title: pageTitle(page.title),
    url: new URL(entry.path, siteUrl).toString(),
    path: entry.path,
    hierarchy: [page.group, page.title, ...trail],
    type: entry.type,
    name: entry.name,
    content: excerpt(meaning.join('. ')),
  };
}
