'use client';

import { CopyControl } from '@/components/ui/copy-control';

/** Fetches the page's Markdown and puts it on the clipboard. */
async function copyMarkdown(href: string) {
  const markdown = fetch(href).then(async (response) => {
    if (!response.ok) throw new Error(`${href} answered ${response.status}`);
    return new Blob([await response.text()], { type: 'text/plain' });
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
