'use client';

import { CopyControl } from '@/components/ui/copy-control';

/** Text of the visible code block in the same frame as `button`. */
function visibleCode(button: HTMLElement): string {
  const frame = button.closest('[data-copy-scope]');
  const blocks = Array.from(frame?.querySelectorAll('pre') ?? []);
  const visible = blocks.find((block) => !block.closest('[hidden]')) ?? blocks[0];
  return visible?.textContent ?? '';
}

/** Copies the code of its frame and says "Copied!" for one second. */
export function CopyButton({ className }: { className?: string }) {
  return (
    <CopyControl
      label="Copy"
      tone="code"
      copy={(button) => navigator.clipboard.writeText(visibleCode(button))}
      className={className}
    />
  );
}
