'use client';

// clsx, not cn: these classes never conflict, and twMerge's tables would cost every page ~9 KiB.
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';
import { COPY_CONFIRMATION_MS } from '@/lib/site';

type CopyStatus = 'idle' | 'copied' | 'failed';

/** Colours per surface: code frames are dark in both themes, pages follow the theme. */
const tones = {
  code: {
    idle: 'bg-white/5 text-zinc-300 hover:bg-white/10 hover:text-white',
    copied: 'bg-emerald-400/15 text-emerald-300',
    failed: 'bg-rose-400/15 text-rose-300',
  },
  page: {
    idle: 'text-zinc-700 ring-zinc-900/10 hover:bg-zinc-900/2.5 hover:text-zinc-900 dark:text-zinc-300 dark:ring-white/10 dark:hover:bg-white/5 dark:hover:text-white',
    copied: 'text-emerald-700 ring-emerald-600/30 dark:text-emerald-400 dark:ring-emerald-400/30',
    failed: 'text-rose-700 ring-rose-600/30 dark:text-rose-300 dark:ring-rose-400/30',
  },
} as const;

type CopyControlProps = {
  label: string;
  tone: keyof typeof tones;
  /** Puts the text on the clipboard; a rejection shows "Copy failed". */
  copy: (button: HTMLButtonElement) => Promise<void>;
  className?: string;
};

/** A copy button: says "Copied!" for COPY_CONFIRMATION_MS, or "Copy failed" until tried again. */
export function CopyControl({ label, tone, copy, className }: CopyControlProps) {
  const [status, setStatus] = useState<CopyStatus>('idle');

  useEffect(() => {
    if (status !== 'copied') return;
    const timer = window.setTimeout(() => setStatus('idle'), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  return (
    <button
      type="button"
      data-slot="copy-button"
      data-status={status}
      onClick={async (event) => {
        try {
          await copy(event.currentTarget);
          setStatus('copied');
        } catch {
          setStatus('failed');
        }
      }}
      className={clsx(
        'inline-flex h-7 shrink-0 items-center gap-1 rounded-full px-2.5 text-xs font-medium transition',
        tone === 'page' && 'ring-1 ring-inset',
        tones[tone][status],
        className,
      )}
    >
      {status === 'copied' ? <CheckIcon className="size-3.5" /> : <CopyIcon className="size-3.5" />}
      <span aria-live="polite">
        {status === 'copied' ? 'Copied!' : status === 'failed' ? 'Copy failed' : label}
      </span>
    </button>
  );
}
