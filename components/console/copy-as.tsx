'use client';

import { useMemo, useState, useSyncExternalStore } from 'react';
import {
  preferenceSnapshot,
  preferredTab,
  storePreference,
  subscribeToPreference,
} from '@/components/article/code-preference';
import {
  serverOnServer,
  serverSnapshot,
  storeServer,
  subscribeToServer,
} from '@/components/article/server-preference';
import { CopyControl } from '@/components/ui/copy-control';
import { COPY_AS_LANGUAGES, requestCode, withNewIdempotencyKey } from '@/lib/console/code';
import { sampleFor, serverOf, SERVERS } from '@/lib/openapi/samples/servers';
import type { WireRequest } from '@/lib/console/request';
import { site } from '@/lib/site';

type CopyAsProps = { request: WireRequest; authenticated: boolean };

/**
 * The request sent, as code in the reader's remembered language and for their server, ready to
 * copy. Each copy carries a new Idempotency-Key: the sent one would only replay the same answer.
 */
export function CopyAs({ request, authenticated }: CopyAsProps) {
  const snapshot = useSyncExternalStore(subscribeToPreference, preferenceSnapshot, () => null);
  const server = useSyncExternalStore(subscribeToServer, serverSnapshot, serverOnServer);
  const selected = preferredTab(snapshot, [...COPY_AS_LANGUAGES]);
  const [copies, setCopies] = useState(0);
  const fresh = useMemo(
    () => withNewIdempotencyKey(request, crypto.randomUUID()),
    // A new key for each request sent and after each copy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [request, copies],
  );
  const origin = window.location.origin;
  const code = requestCode(fresh.request, origin, authenticated, fresh.spentKey).map((text) =>
    sampleFor(text, serverOf(server), origin),
  );
  const id = 'console-copy-as';
  return (
    <section data-slot="console-copy-as" aria-labelledby={`${id}-title`}>
      <div data-slot="console-copy-as-header">
        <h3 id={`${id}-title`}>Copy as</h3>
        <div role="tablist" aria-label="Language">
          {COPY_AS_LANGUAGES.map((language, index) => (
            <button
              key={language.title}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={index === selected}
              aria-controls={`${id}-panel`}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => storePreference(language)}
              onKeyDown={(event) => {
                const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
                if (!step) return;
                const next = (index + step + COPY_AS_LANGUAGES.length) % COPY_AS_LANGUAGES.length;
                storePreference(COPY_AS_LANGUAGES[next]!);
                document.getElementById(`${id}-tab-${next}`)?.focus();
              }}
            >
              {language.title}
            </button>
          ))}
        </div>
        <label data-slot="server-choice">
          <span className="sr-only">Server</span>
          <select value={server} onChange={(event) => storeServer(serverOf(event.target.value).id)}>
            {SERVERS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </select>
        </label>
        <CopyControl
          label="Copy"
          copy={async () => {
            await navigator.clipboard.writeText(code[selected]!);
            setCopies((count) => count + 1);
          }}
        />
      </div>
      <pre
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${selected}`}
        tabIndex={0}
      >
        <code>{code[selected]}</code>
      </pre>
      {authenticated && (
        <p data-slot="console-note">
          The token is read from <code>{site.samples.accessTokenVariable}</code>: export your
          sandbox token as it first (the token bar copies the line).
        </p>
      )}
    </section>
  );
}
