'use client';

import { useEffect, useState } from 'react';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { COPY_CONFIRMATION_MS } from '@/lib/site';

/** Text of the visible code block in the same frame as `button`. */
function visibleCode(button: HTMLElement): string {
  const frame = button.closest('[data-copy-scope]');
  const blocks = Array.from(frame?.querySelectorAll('pre') ?? []);
  const visible = blocks.find((block) => !block.closest('[hidden]')) ?? blocks[0];
  return visible?.textContent ?? '';
}

/** Copies the code of its frame and says "Copied!" for one second. */
export function CopyButton({ className }: { className?: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <button
      type="button"
      data-slot="copy-button"
      onClick={async (event) => {
        await navigator.clipboard.writeText(visibleCode(event.currentTarget));
        setCopied(true);
      }}
      className={cn(
        'inline-flex h-7 items-center gap-1 rounded-full px-2.5 text-xs font-medium transition',
        copied
          ? 'bg-emerald-400/15 text-emerald-300'
          : 'bg-white/5 text-zinc-300 hover:bg-white/10 hover:text-white',
        className,
      )}
    >
      {copied ? <CheckIcon className="size-3.5" /> : <CopyIcon className="size-3.5" />}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </button>
  );
}
