'use client';

import { useRef, useState } from 'react';
import type { IslandProps } from '@/components/article/islands';
import { CopyControl } from '@/components/ui/copy-control';
import { DeliveryItem } from './delivery-item';
import { FirstEventButton } from './first-event-button';
import { ForwardCommand } from './forward-command';
import { RequestLog } from './request-log';
import { useInbox } from './inbox-feed';
import { SignatureChecker, type CheckerDraft } from './signature-checker';
import { TokenBar } from './token-bar';
import './styles.css';

const statusLabels = {
  off: 'Not connected',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  failed: 'Disconnected',
} as const;

/**
 * The webhook workbench: the tab's sandbox inbox, live, newest first, with resend and a
 * signature checker that runs in the browser.
 */
export default function WebhookWorkbench({ props }: IslandProps) {
  const inbox = useInbox();
  const [draft, setDraft] = useState<CheckerDraft>();
  const checker = useRef<HTMLElement>(null);
  return (
    <div data-slot="workbench">
      <TokenBar />
      <section data-slot="workbench-inbox" aria-labelledby="workbench-inbox-title">
        <div data-slot="workbench-heading">
          <h3 id="workbench-inbox-title">Inbox</h3>
          <span data-slot="workbench-status" data-status={inbox.status}>
            {statusLabels[inbox.status]}
          </span>
        </div>
        {inbox.error && (
          <p role="alert" data-slot="field-problem">
            {inbox.error}
          </p>
        )}
        {inbox.secret && (
          <p data-slot="workbench-secret">
            Signing secret <code>{inbox.secret}</code>{' '}
            <CopyControl
              label="Copy secret"
              copy={() => navigator.clipboard.writeText(inbox.secret!)}
            />
          </p>
        )}
        {inbox.previous && (
          <p data-slot="workbench-secret">
            Previous secret <code>{inbox.previous.secret}</code>, still signing until{' '}
            <time dateTime={inbox.previous.expiresAt}>{inbox.previous.expiresAt}</time>{' '}
            <CopyControl
              label="Copy previous secret"
              copy={() => navigator.clipboard.writeText(inbox.previous!.secret)}
            />
          </p>
        )}
        {inbox.status === 'off' ? (
          <p data-slot="console-note">Get a sandbox token to open this tab&apos;s inbox.</p>
        ) : inbox.deliveries.length === 0 ? (
          <div data-slot="console-note">
            <p>No events yet. Send a request from any Try it console, or one from here:</p>
            {props.operation && (
              <FirstEventButton
                operation={props.operation}
                label={props.summary ?? props.operation}
              />
            )}
          </div>
        ) : (
          <ol data-slot="workbench-deliveries" aria-live="polite" aria-relevant="additions">
            {inbox.deliveries.map((delivery) => (
              <DeliveryItem
                key={delivery.id}
                delivery={delivery}
                onCheck={() => {
                  setDraft({
                    payload: delivery.body,
                    header: delivery.headers['Kestrel-Signature'] ?? '',
                    secret: inbox.secret ?? '',
                    revision: Date.now(),
                  });
                  checker.current?.scrollIntoView({ block: 'start' });
                  checker.current?.querySelector('textarea')?.focus({ preventScroll: true });
                }}
              />
            ))}
          </ol>
        )}
      </section>
      <SignatureChecker
        key={draft?.revision}
        ref={checker}
        draft={draft}
        secrets={[inbox.secret, inbox.previous?.secret].filter((secret) => secret !== undefined)}
        deliveries={inbox.deliveries}
      />
      {inbox.token && <ForwardCommand token={inbox.token} />}
      <RequestLog />
    </div>
  );
}
