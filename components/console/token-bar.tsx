'use client';

import { useEffect, useState } from 'react';
import { CopyControl } from '@/components/ui/copy-control';
import { site } from '@/lib/site';
import { requestToken, useSession } from './session';

/** Minutes from `now` to a time, rounded down, never below zero. */
const minutesUntil = (time: number, now: number) => Math.max(0, Math.floor((time - now) / 60_000));

/**
 * The tab's sandbox token: one click gets one (the page's public sandbox key pair), shown so it
 * can be used from a terminal; it lives in this tab's memory only.
 */
export function TokenBar() {
  const { token, expiresAt, pending, error } = useSession();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const valid = token && expiresAt && expiresAt > now;
  return (
    <div data-slot="token-bar">
      <p>
        <span data-slot="token-label">Sandbox token</span>{' '}
        {valid ? (
          <>
            <code data-slot="token">{token}</code>{' '}
            <span data-slot="token-expiry">expires in {minutesUntil(expiresAt, now)} min</span>
          </>
        ) : (
          <span>none yet: sending gets one</span>
        )}
      </p>
      <div data-slot="token-actions">
        <button
          type="button"
          data-slot="console-button"
          disabled={pending}
          onClick={() => void requestToken().catch(() => {})}
        >
          {pending ? 'Getting a token…' : valid ? 'New sandbox' : 'Get a token'}
        </button>
        {valid && (
          <CopyControl
            label="Copy export"
            copy={() =>
              navigator.clipboard.writeText(`export ${site.samples.accessTokenVariable}=${token}`)
            }
          />
        )}
      </div>
      {error && (
        <p role="alert" data-slot="field-problem">
          {error}
        </p>
      )}
    </div>
  );
}
