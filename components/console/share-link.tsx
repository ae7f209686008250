'use client';

import { CopyControl } from '@/components/ui/copy-control';
import { encodeShared, shareUrl } from '@/lib/console/share';
import type { OperationSpec, RequestValues } from '@/lib/console/spec';

type ShareLinkProps = { spec: OperationSpec; values: RequestValues; scenario?: string };

/**
 * Copies a link to this page that reopens the console with the same request: its operation,
 * parameters and body, never the token.
 */
export function ShareLink({ spec, values, scenario }: ShareLinkProps) {
  return (
    <CopyControl
      label="Copy link"
      copy={() =>
        navigator.clipboard.writeText(
          shareUrl(window.location.href, encodeShared(spec.operationId, values, scenario)),
        )
      }
    />
  );
}
