'use client';

import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '@/lib/site';

type CopyStatus = 'idle' | 'copied' | 'failed';

type CopyControlProps = {
  label: string;
  /** Puts the text on the clipboard; a rejection shows "Copy failed". */
  copy: (button: HTMLButtonElement) => Promise<void>;
};

/**
 * A copy button on the page (code frames have their own, in the article's HTML): it says
 * "Copied!" for COPY_CONFIRMATION_MS, or "Copy failed" until tried again. Styled with them by
 * its data-slot, icon included.
 */
export function CopyControl({ label, copy }: CopyControlProps) {
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
      data-tone="page"
      data-status={status}
      onClick={async (event) => {
        try {
          await copy(event.currentTarget);
          setStatus('copied');
        } catch {
          setStatus('failed');
        }
      }}
    >
      <span aria-live="polite">
        {status === 'copied' ? 'Copied!' : status === 'failed' ? 'Copy failed' : label}
      </span>
    </button>
  );
}
