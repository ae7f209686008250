'use client';

import { useEffect, useState } from 'react';
import type { Replay } from '@/lib/console/replay';
import type { LoggedMessage, RequestLogEntry } from '@/lib/sandbox/request-log';
import { JsonView } from './json-view';
import { jsonOf, loadLoggedRequest, replayOf } from './request-log-feed';

type LoggedExchangeProps = {
  token: string;
  id: string;
  /** Opens the console with this request's values, as a replay of it. */
  onReplay: (opened: { share: string; replay: Replay }) => void;
};

/** One side of a logged exchange: its headers, and its body as a JSON tree or as sent. */
function Message({ title, message }: { title: string; message: LoggedMessage }) {
  const json = jsonOf(message.body, message.body_truncated);
  return (
    <div data-slot="request-log-message">
      <h4>{title}</h4>
      <details>
        <summary>Headers ({Object.keys(message.headers).length})</summary>
        <dl data-slot="request-log-headers">
          {Object.entries(message.headers).map(([header, value]) => (
            <div key={header}>
              <dt>{header}</dt>
              <dd>
                <code>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      </details>
      {json !== undefined ? (
        <JsonView value={json} label={`${title} body`} />
      ) : message.body ? (
        <pre data-slot="request-log-body" tabIndex={0} aria-label={`${title} body`}>
          {message.body}
        </pre>
      ) : (
        <p data-slot="console-note">No body.</p>
      )}
    </div>
  );
}

/** A logged request opened: its request and response in full, and a way to send it again. */
export function LoggedExchange({ token, id, onReplay }: LoggedExchangeProps) {
  const [entry, setEntry] = useState<RequestLogEntry>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    loadLoggedRequest(token, id).then(
      (loaded) => current && setEntry(loaded),
      (caught: Error) => current && setError(caught.message),
    );
    return () => {
      current = false;
    };
  }, [token, id]);
  if (error)
    return (
      <p role="alert" data-slot="field-problem">
        {error}
      </p>
    );
  if (!entry) return <p data-slot="console-note">Loading {id}…</p>;
  const replay = replayOf(entry);
  return (
    <article data-slot="request-log-entry" aria-label={`${entry.method} ${entry.path}`}>
      <p data-slot="request-log-summary">
        <code>
          {entry.method} {entry.path}
        </code>{' '}
        answered <strong>{entry.status}</strong> in {entry.duration_ms} ms · <code>{entry.id}</code>
      </p>
      {replay ? (
        <button type="button" data-slot="console-button" onClick={() => onReplay(replay)}>
          Replay in console
        </button>
      ) : (
        <p data-slot="console-note">
          No console sends this request: it calls no documented operation.
        </p>
      )}
      <div data-slot="request-log-messages">
        <Message title="Request" message={entry.request} />
        <Message title="Response" message={entry.response} />
      </div>
    </article>
  );
}
