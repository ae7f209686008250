'use client';

import { useSyncExternalStore } from 'react';
import { CopyControl } from '@/components/ui/copy-control';
import { publicConfig } from '@/lib/config/public';
import { terminalValues } from '@/lib/openapi/samples/servers';

const noSubscription = () => () => {};

/**
 * "Use the sandbox from your terminal" in the console: this site's sandbox base URL, key pair and
 * token command, each with a Copy button. Folded, so the token bar keeps its height.
 */
export function SandboxTerminal() {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => publicConfig.siteUrl,
  );
  return (
    <details data-slot="sandbox-terminal" className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium">Use the sandbox from your terminal</summary>
      <dl className="mt-2 grid gap-2">
        {terminalValues(origin).map(({ label, value }) => (
          <div key={label} className="min-w-0">
            <dt className="flex items-center justify-between gap-2 text-xs font-medium">
              {label}
              <CopyControl
                label={`Copy ${label.toLowerCase()}`}
                copy={() => navigator.clipboard.writeText(value)}
              />
            </dt>
            <dd className="mt-1">
              <pre
                tabIndex={0}
                className="overflow-x-auto rounded-lg bg-zinc-900 p-2 text-xs leading-5 text-[#e6edf3]"
              >
                <code>{value}</code>
              </pre>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
