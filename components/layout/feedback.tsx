'use client';

import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { FEEDBACK_FADE } from '@/lib/site';

/** The fade's timing (SPEC 4), from the site's constants. */
const fade = { transitionDuration: `${FEEDBACK_FADE.durationMs}ms` } as const;
const delayedFade = { ...fade, transitionDelay: `${FEEDBACK_FADE.delayMs}ms` } as const;

/** "Was this page helpful?" for the current page: it asks again whenever the path changes. */
export function Feedback() {
  return <FeedbackQuestion key={usePathname()} />;
}

/** The question; an answer is thanked and never sent. Styled by data-slot (shell.css). */
function FeedbackQuestion() {
  const [answered, setAnswered] = useState(false);

  return (
    <div data-slot="feedback" data-answered={answered ? '' : undefined}>
      <form
        aria-hidden={answered}
        inert={answered}
        onSubmit={(event) => {
          event.preventDefault();
          setAnswered(true);
        }}
        style={fade}
      >
        <p>Was this page helpful?</p>
        <div>
          <button type="submit">Yes</button>
          <span />
          <button type="submit">No</button>
        </div>
      </form>
      <p role="status" style={delayedFade}>
        {answered && 'Thanks for your feedback!'}
      </p>
    </div>
  );
}
