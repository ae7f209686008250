import 'server-only';
import { lastCommitDate } from './git-history';
import { editUrl } from './seo/urls';

/** Where a page's text can be edited and when it last changed (null when git cannot tell). */
export type PageSource = { editUrl: string; updatedAt: string | null };

/** The source of a page written in a file of this repository; null for content from elsewhere. */
export async function pageSource(file: string | null): Promise<PageSource | null> {
  if (!file) return null;
  return { editUrl: editUrl(file), updatedAt: await lastCommitDate(file) };
}
