'use client';

import { serverSnapshot } from '@/components/article/server-preference';
import { CopyControl } from '@/components/ui/copy-control';
import { publicConfig } from '@/lib/config/public';
import { markdownForReader } from '@/lib/markdown/reader-copy';
import { serverOf } from '@/lib/openapi/samples/servers';

/** Fetches the page's Markdown, written for the reader's server and address, onto the clipboard. */
async function copyMarkdown(href: string) {
  const markdown = fetch(href).then(async (response) => {
    if (!response.ok) throw new Error(`${href} answered ${response.status}`);
    const text = markdownForReader(await response.text(), {
      server: serverOf(serverSnapshot()),
      origin: window.location.origin,
      siteUrl: publicConfig.siteUrl,
    });
    return new Blob([text], { type: 'text/plain' });
  });
  try {
    // Handing the clipboard a promise keeps the click's permission while the text downloads.
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': markdown })]);
  } catch {
    // Browsers without ClipboardItem, or without promises in it, take the text once it is here.
    await navigator.clipboard.writeText(await (await markdown).text());
  }
}

/** "Copy page": the page as Markdown, ready to paste into an assistant or an issue. */
export function CopyPageButton({ href }: { href: string }) {
  return <CopyControl label="Copy page" copy={() => copyMarkdown(href)} />;
}
