'use client';

import { useSyncExternalStore } from 'react';
import {
  preferenceSnapshot,
  preferredTab,
  storePreference,
  subscribeToPreference,
} from '@/components/article/code-preference';
import { CopyControl } from '@/components/ui/copy-control';
import { COPY_AS_LANGUAGES, requestCode } from '@/lib/console/code';
import type { WireRequest } from '@/lib/console/request';
import { site } from '@/lib/site';

type CopyAsProps = { request: WireRequest; authenticated: boolean };

/** The request sent, as code in the reader's remembered language, ready to copy. */
export function CopyAs({ request, authenticated }: CopyAsProps) {
  const snapshot = useSyncExternalStore(subscribeToPreference, preferenceSnapshot, () => null);
  const selected = preferredTab(snapshot, [...COPY_AS_LANGUAGES]);
  const code = requestCode(request, window.location.origin, authenticated);
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
        <CopyControl label="Copy" copy={() => navigator.clipboard.writeText(code[selected]!)} />
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
