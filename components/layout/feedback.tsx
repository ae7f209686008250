'use client';

// clsx, not cn: these classes never conflict, and twMerge's tables would cost every page ~9 KiB.
import { clsx } from 'clsx';
import { useState } from 'react';
import { FEEDBACK_FADE } from '@/lib/site';

const fade = {
  transitionDuration: `${FEEDBACK_FADE.durationMs}ms`,
} as const;

/** "Was this page helpful?": an answer is thanked and never sent; remount per page to reset. */
export function Feedback() {
  const [answered, setAnswered] = useState(false);

  return (
    <div data-slot="feedback" className="relative h-8">
      <form
        aria-hidden={answered}
        inert={answered}
        onSubmit={(event) => {
          event.preventDefault();
          setAnswered(true);
        }}
        style={fade}
        className={clsx(
          'absolute inset-0 flex items-center gap-4 transition-opacity',
          answered && 'pointer-events-none opacity-0',
        )}
      >
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Was this page helpful?</p>
        <div className="group grid h-8 grid-cols-[1fr_1px_1fr] overflow-hidden rounded-full border border-zinc-900/10 dark:border-white/10">
          <FeedbackButton>Yes</FeedbackButton>
          <div className="bg-zinc-900/10 dark:bg-white/10" />
          <FeedbackButton>No</FeedbackButton>
        </div>
      </form>
      <p
        role="status"
        style={{ ...fade, transitionDelay: `${FEEDBACK_FADE.delayMs}ms` }}
        className={clsx(
          'absolute inset-0 flex items-center text-sm text-zinc-600 transition-opacity dark:text-zinc-400',
          answered ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
      >
        {answered && 'Thanks for your feedback!'}
      </p>
    </div>
  );
}

function FeedbackButton({ children }: { children: string }) {
  return (
    <button
      type="submit"
      className="px-3 text-sm font-medium text-zinc-600 transition hover:bg-zinc-900/2.5 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-white/5 dark:hover:text-white"
    >
      {children}
    </button>
  );
}
