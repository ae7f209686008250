'use client';

import { useId, useState } from 'react';
import { CopyControl } from '@/components/ui/copy-control';
import { maskedToken } from '@/lib/console/kept-sandbox';
import { FORWARD_SCRIPT_ROUTE } from '@/lib/routes';

/** Where a reader's handler usually listens; they change it in the field. */
const DEFAULT_HANDLER = 'http://localhost:4242/webhooks/kestrel';

/**
 * The commands that forward this sandbox's events to the reader's handler: shown with the token
 * masked, as the token bar shows it, and copied with the token filled in.
 */
export function ForwardCommand({ token }: { token: string }) {
  const id = useId();
  const [handler, setHandler] = useState(DEFAULT_HANDLER);
  const origin = window.location.origin;
  const file = FORWARD_SCRIPT_ROUTE.slice(1);
  const commandWith = (shownToken: string) =>
    [
      `curl -sO ${origin}${FORWARD_SCRIPT_ROUTE}`,
      `node ${file} --from ${origin} --token ${shownToken} --to ${handler}`,
    ].join('\n');
  return (
    <section data-slot="workbench-forward" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Forward to your machine</h3>
      <div data-slot="field">
        <label htmlFor={`${id}-handler`}>Your handler on localhost</label>
        <input
          id={`${id}-handler`}
          type="text"
          spellCheck={false}
          value={handler}
          onChange={(event) => setHandler(event.target.value)}
        />
      </div>
      <pre tabIndex={0} aria-label="Commands to forward your events">
        {commandWith(maskedToken(token))}
      </pre>
      <p data-slot="console-note">
        <CopyControl
          label="Copy commands"
          copy={() => navigator.clipboard.writeText(commandWith(token))}
        />
      </p>
    </section>
  );
}
