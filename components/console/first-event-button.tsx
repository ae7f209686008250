'use client';

import { useState } from 'react';
import { takesIdempotencyKey } from '@/lib/console/opening-values';
import type { OperationSpec } from '@/lib/console/spec';
import { consoleOperationRoute } from '@/lib/routes';
import { runStep } from './step-runner';

/** Sends an operation's documented example, so the inbox gets its first events. */
export function FirstEventButton({ operation, label }: { operation: string; label: string }) {
  const [state, setState] = useState<{ busy?: boolean; note?: string }>({});
  const run = async () => {
    setState({ busy: true });
    try {
      const spec = (await (await fetch(consoleOperationRoute(operation))).json()) as OperationSpec;
      const exchange = await runStep(
        {
          name: 'example',
          title: spec.summary,
          method: spec.method,
          path: spec.path,
          request: spec.example,
          carry: {},
          issuesToken: !spec.authenticated,
          idempotent: takesIdempotencyKey(spec),
          // Shown only while the inbox is empty, before any object could hold the example's values.
          unique: [],
        },
        {},
      );
      setState({ note: `${spec.method} ${spec.path} answered ${exchange.status}.` });
    } catch (error) {
      setState({ note: (error as Error).message });
    }
  };
  return (
    <p>
      <button
        type="button"
        data-slot="console-button"
        disabled={state.busy}
        onClick={() => void run()}
      >
        {state.busy ? 'Sending…' : label}
      </button>{' '}
      {state.note && <span role="status">{state.note}</span>}
    </p>
  );
}
