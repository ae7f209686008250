import 'server-only';
import { lastCommitDate } from './git-history';
import { site } from './site';

/** Where a page's text can be edited and when it last changed (null when git cannot tell). */
export type PageHistory = { editUrl: string; updatedAt: string | null };

/** The repository page that edits a source file, e.g. `content/docs/errors.mdx`. */
export function editUrl(file: string): string {
  return `${site.repositoryUrl}/edit/${site.repositoryBranch}/${file}`;
}

/** The history of a page written in a file of this repository; null for content from elsewhere. */
export async function pageHistory(file: string | null): Promise<PageHistory | null> {
  if (!file) return null;
  return { editUrl: editUrl(file), updatedAt: await lastCommitDate(file) };
}
