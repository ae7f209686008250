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
    <details data-slot="sandbox-terminal" data-server="site" className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium">Use the sandbox from your terminal</summary>
      <dl className="mt-2 grid gap-2">
        {terminalValues(origin).map(({ label, value }) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium">{label}</dt>
            <dd className="mt-1 flex items-start gap-2">
              <pre
                tabIndex={0}
                className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-zinc-900 p-2 text-xs leading-5 text-[#e6edf3]"
              >
                <code>{value}</code>
              </pre>
              <CopyControl
                label={`Copy ${label.toLowerCase()}`}
                copy={() => navigator.clipboard.writeText(value)}
              />
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
