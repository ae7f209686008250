'use client';

import { useEffect, useRef } from 'react';
import type { IslandProps } from '@/components/article/islands';
import { Icon } from '@/components/ui/icon';
import { takesIdempotencyKey } from '@/lib/console/opening-values';
import type { Replay } from '@/lib/console/replay';
import { accessMarks } from '@/lib/openapi/access';
import { SHARE_PARAM } from '@/lib/routes';
import { ProblemList } from './problem-list';
import { ReplayChoice } from './replay-choice';
import { RequestForm } from './request-form';
import { ResponsePanel } from './response-panel';
import { ShareLink } from './share-link';
import { useSession } from './session';
import { TokenBar } from './token-bar';
import { useConsole } from './use-console';
import './styles.css';

/** Forgets a shared request in the address once its console closes, so a reload does not reopen it. */
function dropSharedRequest() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(SHARE_PARAM)) return;
  url.searchParams.delete(SHARE_PARAM);
  window.history.replaceState(window.history.state, '', url);
}

type TryItProps = IslandProps & {
  /** The logged request the console sends again, when the request log opened it. */
  replay?: Replay;
};

/**
 * The Try it console: an operation's request as a form (or raw JSON) prefilled from its example,
 * checked as the sandbox would, sent to the sandbox with the tab's token, and its answer.
 */
export default function TryIt({ props, onClose, replay }: TryItProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const response = useRef<HTMLElement>(null);
  const columns = useRef<HTMLDivElement>(null);
  const state = useConsole(props, replay);
  const { ids } = useSession();
  const { spec, values, problems, exchange, sending, failure } = state;
  const close = () => {
    dropSharedRequest();
    onClose?.();
  };

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);

  // On a phone the answer is below the request: scroll the console to it when it arrives.
  useEffect(() => {
    const [scroller, answer] = [columns.current, response.current];
    if (!exchange || !scroller || !answer) return;
    const offset = answer.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    if (offset > scroller.clientHeight / 2) scroller.scrollTop += offset;
  }, [exchange]);

  const problemAt = (path: string) =>
    problems.find((problem) => (problem.param ?? '') === path)?.message;

  return (
    <dialog
      ref={dialog}
      data-slot="console"
      aria-labelledby="console-title"
      onClose={close}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void state.submit();
      }}
    >
      <header data-slot="console-header">
        {spec && (
          <p>
            <span data-slot="method-badge" data-method={spec.method.toLowerCase()}>
              {spec.method.toLowerCase()}
            </span>{' '}
            <code>{spec.path}</code>
          </p>
        )}
        <h2 id="console-title">{spec?.summary ?? 'Try it'}</h2>
        {spec && (
          <p data-slot="endpoint-access">
            {accessMarks(spec.access).map(({ kind, label }) => (
              <span key={kind} data-access={kind}>
                {label}
              </span>
            ))}
          </p>
        )}
        <button type="button" data-slot="console-close" onClick={close}>
          <Icon name="close" />
          <span className="sr-only">Close the console</span>
        </button>
      </header>
      {state.error && (
        <p role="alert" data-slot="console-failure">
          {state.error}
        </p>
      )}
      {!spec && !state.error && <p data-slot="console-note">Loading the request…</p>}
      {spec && values && (
        <div ref={columns} data-slot="console-columns">
          <form
            aria-label="Request"
            data-slot="console-request"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void state.submit();
            }}
          >
            <TokenBar />
            {state.replay && (
              <ReplayChoice
                replay={state.replay}
                takesKey={takesIdempotencyKey(spec)}
                sendsOriginalKey={state.sendsOriginalKey}
                onChoose={state.sendOriginalKey}
              />
            )}
            {state.scenario && (
              <p data-slot="console-note">
                Scenario <strong>{state.scenario.title}</strong>: its trigger is filled in below.
              </p>
            )}
            {spec.preparation && (
              <label data-slot="console-check">
                <input
                  type="checkbox"
                  checked={state.prepare}
                  onChange={(event) => state.setPrepare(event.target.checked)}
                />
                First make a fresh object to act on:{' '}
                {spec.preparation.steps.map((step) => step.title.toLowerCase()).join(', then ')}
              </label>
            )}
            {spec.followUp && (
              <label data-slot="console-check">
                <input
                  type="checkbox"
                  checked={state.follow}
                  onChange={(event) => state.setFollow(event.target.checked)}
                />
                Then: {spec.followUp.steps.map((step) => step.title.toLowerCase()).join(', then ')}
              </label>
            )}
            <RequestForm
              spec={spec}
              values={values}
              onValues={state.setValues}
              text={state.text}
              onText={state.setText}
              problemAt={problemAt}
              ids={ids}
            />
            <ProblemList spec={spec} problems={problems} onForce={() => void state.submit(true)} />
            <div data-slot="console-actions">
              <button type="submit" data-slot="console-send" disabled={sending}>
                {sending ? 'Sending…' : 'Send request'}
              </button>
              <ShareLink spec={spec} values={values} scenario={state.scenario?.id} />
            </div>
          </form>
          <section ref={response} aria-label="Response" data-slot="console-response">
            {!exchange && !sending && (
              <p data-slot="console-note">
                {problems.length
                  ? 'Not sent: the sandbox would refuse this request, as the request side explains.'
                  : 'Send the request to see the answer here: status, headers, timing, body and the events it causes.'}
              </p>
            )}
            <p role="status" className="sr-only">
              {sending
                ? 'Sending the request…'
                : exchange
                  ? `Response ${exchange.status} ${exchange.statusText} in ${exchange.ms} ms.`
                  : ''}
            </p>
            {failure && (
              <p role="alert" data-slot="console-failure">
                {failure}
              </p>
            )}
            {state.prepared.map((prepared, index) => (
              <p key={index} data-slot="console-note">
                Prepared with {prepared.request.method} <code>{prepared.request.url}</code>:{' '}
                {prepared.status}
              </p>
            ))}
            {state.followed.map((followed, index) => (
              <p key={index} data-slot="console-note">
                Then {followed.request.method} <code>{followed.request.url}</code>:{' '}
                {followed.status}, {String((followed.json as { status?: string })?.status ?? '')}
              </p>
            ))}
            {exchange && (
              <ResponsePanel
                spec={spec}
                exchange={exchange}
                scenario={state.scenario}
                onLeave={close}
              />
            )}
          </section>
        </div>
      )}
    </dialog>
  );
}
