'use client';

import { useEffect, useId, useState } from 'react';
import { sandboxRoute } from '@/lib/routes';
import type { TestClock } from '@/lib/sandbox/test-clock';
import { sandboxFailure } from './send';
import { useSession, validToken } from './session';
import './test-clock-control.css';

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;
/** The steps offered: the windows the docs speak of (an authorisation's 7 days, a month). */
const CLOCK_STEPS = [
  { label: '1 hour', seconds: HOUR_SECONDS },
  { label: '1 day', seconds: DAY_SECONDS },
  { label: '7 days', seconds: 7 * DAY_SECONDS },
  { label: '31 days', seconds: 31 * DAY_SECONDS },
] as const;

const CLOCK_PATH = sandboxRoute('/clock');
const ADVANCE_PATH = sandboxRoute('/clock/advance');

/** The sandbox's time as a reader reads it, in UTC like the API's dates. */
function shownTime(clock: TestClock): string {
  const at = new Date(clock.now).toUTCString().replace(/:\d\d GMT$/, ' UTC');
  const days = clock.advanced_by_seconds / DAY_SECONDS;
  if (clock.advanced_by_seconds < 60) return at;
  const [count, unit] = days >= 1 ? [Math.floor(days), 'day'] : [Math.round(days * 24), 'hour'];
  const ahead = `${count} ${unit}${count === 1 ? '' : 's'}`;
  return `${at}, ${ahead} ahead`;
}

async function clockRequest(token: string, init?: RequestInit): Promise<TestClock> {
  const response = await fetch(init ? ADVANCE_PATH : CLOCK_PATH, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new Error(sandboxFailure(response.status, body));
  return body as TestClock;
}

/**
 * The current sandbox's test clock, folded in the token bar: its time, and buttons that move it
 * forward so lapses, expiries, collection attempts and deadlines happen now (Testing page).
 */
export function TestClockControl() {
  const { token } = useSession();
  // The clock read, with the token it belongs to: another sandbox's clock is not shown.
  const [read, setRead] = useState<{ token: string; clock: TestClock }>();
  const clock = read && read.token === token ? read.clock : undefined;
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState('');
  const id = useId();

  useEffect(() => {
    const current = validToken();
    if (!current) return;
    let live = true;
    clockRequest(current).then(
      (answer) => live && setRead({ token: current, clock: answer }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function advance(body: { seconds: number } | { to: string }) {
    const current = validToken();
    if (!current) return setProblem('Get a token first: the clock belongs to a sandbox.');
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await clockRequest(current, { method: 'POST', body: JSON.stringify(body) });
      setRead({ token: current, clock: answer });
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const advanceToDate = () => {
    if (date) void advance({ to: `${date}T00:00:00Z` });
  };

  return (
    <details data-slot="test-clock">
      <summary>
        Test clock
        <span data-slot="test-clock-now" aria-live="polite">
          {clock ? `: ${shownTime(clock)}` : ''}
        </span>
      </summary>
      <div data-slot="test-clock-steps" role="group" aria-label="Advance the sandbox's time">
        {CLOCK_STEPS.map(({ label, seconds }) => (
          <button
            key={seconds}
            type="button"
            data-slot="console-button"
            disabled={busy || !token}
            onClick={() => void advance({ seconds })}
          >
            +{label}
          </button>
        ))}
      </div>
      {/* Not a form: the token bar sits inside the console's request form. */}
      <div data-slot="test-clock-to" role="group" aria-labelledby={`${id}-to-label`}>
        <label id={`${id}-to-label`} htmlFor={`${id}-to`}>
          Advance to the start of (UTC)
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            advanceToDate();
          }}
        />
        <button
          type="button"
          data-slot="console-button"
          disabled={busy || !token || !date}
          onClick={advanceToDate}
        >
          Advance
        </button>
      </div>
      {problem && (
        <p role="alert" data-slot="field-problem">
          {problem}
        </p>
      )}
    </details>
  );
}
