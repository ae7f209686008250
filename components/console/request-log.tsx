'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Replay } from '@/lib/console/replay';
import type { RequestLogSummary } from '@/lib/sandbox/request-log';
import { LoggedExchange } from './logged-exchange';
import { loadRequestLog, LOG_REFRESH_MS } from './request-log-feed';
import { SANDBOX_ANSWERED_EVENT } from './send';
import { useSession, validToken } from './session';
import './request-log.css';

const TryIt = lazy(() => import('./try-it'));

/** The newest requests of the token's sandbox, refreshed after each answer and now and then. */
function useRequestLog(token: string | undefined) {
  // Kept with the token they were read with, so another sandbox never shows this one's requests.
  const [log, setLog] = useState<{ token?: string; entries: RequestLogSummary[] }>({
    entries: [],
  });
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!token) return;
    let current = true;
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      loadRequestLog(token).then(
        (entries) => current && (setLog({ token, entries }), setError(undefined)),
        (caught: Error) => current && setError(caught.message),
      );
    };
    refresh();
    window.addEventListener(SANDBOX_ANSWERED_EVENT, refresh);
    document.addEventListener('visibilitychange', refresh);
    const timer = setInterval(refresh, LOG_REFRESH_MS);
    return () => {
      current = false;
      window.removeEventListener(SANDBOX_ANSWERED_EVENT, refresh);
      document.removeEventListener('visibilitychange', refresh);
      clearInterval(timer);
    };
  }, [token]);
  return { entries: log.token === token ? log.entries : [], error };
}

/**
 * The request log: every request the tab's sandbox served, from this page or a terminal, as a
 * table; a row opens its request and response, and sends it again from the console.
 */
export function RequestLog() {
  useSession();
  const token = validToken();
  const { entries, error } = useRequestLog(token);
  const [openId, setOpenId] = useState<string>();
  const [opened, setOpened] = useState<{ share: string; replay: Replay }>();
  return (
    <section data-slot="request-log" aria-labelledby="request-log-title">
      <div data-slot="workbench-heading">
        <h3 id="request-log-title">Request log</h3>
      </div>
      {error && (
        <p role="alert" data-slot="field-problem">
          {error}
        </p>
      )}
      {!token ? (
        <p data-slot="console-note">Get a sandbox token to see the requests its sandbox serves.</p>
      ) : entries.length === 0 ? (
        <p data-slot="console-note">
          No requests yet. Send one from any Try it console, or with this token from a terminal.
        </p>
      ) : (
        <div
          data-slot="request-log-scroller"
          role="region"
          aria-label="Logged requests"
          tabIndex={0}
        >
          <table data-slot="request-log-table">
            <caption className="sr-only">Requests this sandbox served, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Status</th>
                <th scope="col" data-slot="request-log-wide">
                  Request ID
                </th>
                <th scope="col" data-slot="request-log-wide">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} aria-current={entry.id === openId ? 'true' : undefined}>
                  <td>
                    <time dateTime={entry.started_at}>{entry.started_at.slice(11, 19)}</time>
                  </td>
                  <td>{entry.method}</td>
                  <td>
                    <button
                      type="button"
                      aria-expanded={entry.id === openId}
                      aria-controls="request-log-detail"
                      onClick={() => setOpenId(entry.id === openId ? undefined : entry.id)}
                    >
                      <span className="sr-only">Open </span>
                      {entry.path}
                    </button>
                  </td>
                  <td data-slot="request-log-status" data-ok={entry.status < 400}>
                    {entry.status}
                  </td>
                  <td data-slot="request-log-wide">
                    <code>{entry.id}</code>
                  </td>
                  <td data-slot="request-log-wide">{entry.duration_ms} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div id="request-log-detail">
        {token && openId && (
          <LoggedExchange key={openId} token={token} id={openId} onReplay={setOpened} />
        )}
      </div>
      {opened &&
        createPortal(
          <Suspense fallback={<p data-slot="island-loading">Loading…</p>}>
            <TryIt
              key={opened.replay.requestId}
              props={{ share: opened.share }}
              replay={opened.replay}
              onClose={() => setOpened(undefined)}
            />
          </Suspense>,
          document.body,
        )}
    </section>
  );
}
