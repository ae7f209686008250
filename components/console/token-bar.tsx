'use client';

import { useEffect, useId, useState } from 'react';
import { CopyControl } from '@/components/ui/copy-control';
import { maskedToken } from '@/lib/console/kept-sandbox';
import { site } from '@/lib/site';
import { SandboxTerminal } from './sandbox-terminal';
import { TestClockControl } from './test-clock-control';
import { keepOnDevice, requestToken, resumeToken, useSession } from './session';
import './token-bar.css';

/** Minutes from `now` to a time, rounded down, never below zero. */
const minutesUntil = (time: number, now: number) => Math.max(0, Math.floor((time - now) / 60_000));

/**
 * The current sandbox, shared by every tab of the site: its token, masked until revealed so it
 * can be used from a terminal; a new sandbox, a token to resume, and keeping it on this device.
 */
export function TokenBar() {
  const { token, expiresAt, pending, error, kept } = useSession();
  const [now, setNow] = useState(() => Date.now());
  const [revealed, setRevealed] = useState(false);
  const [using, setUsing] = useState(false);
  const id = useId();
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
            <code data-slot="token" data-revealed={revealed}>
              {revealed ? token : maskedToken(token)}
            </code>{' '}
            <button
              type="button"
              data-slot="token-reveal"
              aria-pressed={revealed}
              onClick={() => setRevealed(!revealed)}
            >
              Show token
            </button>{' '}
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
        <button
          type="button"
          data-slot="console-button"
          aria-expanded={using}
          aria-controls={`${id}-use`}
          onClick={() => setUsing(!using)}
        >
          Use a token
        </button>
        {valid && (
          <CopyControl
            label="Copy export"
            copy={() =>
              navigator.clipboard.writeText(`export ${site.samples.accessTokenVariable}=${token}`)
            }
          />
        )}
        <label data-slot="token-keep">
          <input
            type="checkbox"
            checked={kept}
            onChange={(event) => keepOnDevice(event.target.checked)}
          />
          Keep on this device
        </label>
      </div>
      {using && <UseToken id={`${id}-use`} onDone={() => setUsing(false)} />}
      <SandboxTerminal />
      <TestClockControl />
      {error && (
        <p role="alert" data-slot="field-problem">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Pastes a token from elsewhere (a terminal, another browser) to resume its sandbox here. Not a
 * form: in the console the token bar sits inside the request's form, which would send too.
 */
function UseToken({ id, onDone }: { id: string; onDone: () => void }) {
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string>();
  const [checking, setChecking] = useState(false);
  async function resume() {
    if (!pasted.trim()) return setProblem('Paste a token first: it starts with kp_at_.');
    setChecking(true);
    try {
      await resumeToken(pasted);
      onDone();
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setChecking(false);
    }
  }
  return (
    <div id={id} data-slot="token-use">
      <label htmlFor={`${id}-token`}>Token of the sandbox to resume</label>
      <div>
        <input
          id={`${id}-token`}
          name="token"
          autoComplete="off"
          spellCheck={false}
          placeholder="kp_at_…"
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void resume();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button
          type="button"
          data-slot="console-button"
          disabled={checking}
          onClick={() => void resume()}
        >
          {checking ? 'Checking…' : 'Resume'}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" data-slot="field-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
