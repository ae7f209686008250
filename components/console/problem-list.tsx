'use client';

import type { OperationSpec } from '@/lib/console/spec';
import type { RequestProblem } from '@/lib/sandbox/validation-messages';

type ProblemListProps = {
  spec: OperationSpec;
  problems: RequestProblem[];
  /** Sends the request as it is, to see the sandbox refuse it. */
  onForce: () => void;
};

/** What the sandbox would refuse the request for, checked before sending, with the fix. */
export function ProblemList({ spec, problems, onForce }: ProblemListProps) {
  const [first, ...others] = problems;
  if (!first) return null;
  const explanation = spec.errors[first.code];
  return (
    <div role="alert" data-slot="console-problems">
      <p>
        The sandbox would refuse this request with{' '}
        {(first.status ?? explanation?.status) ? `${first.status ?? explanation?.status} ` : ''}
        <code>{first.code}</code>: {first.message}
      </p>
      {explanation && (
        <p>
          {explanation.description}{' '}
          <a href={explanation.href} target="_blank" rel="noopener">
            About <code>{first.code}</code> on the Errors page
          </a>
        </p>
      )}
      {others.length > 0 && (
        <>
          <p>Then it would also refuse:</p>
          <ul>
            {others.map((problem) => (
              <li key={problem.message}>{problem.message}</li>
            ))}
          </ul>
        </>
      )}
      <button type="button" data-slot="console-button" onClick={onForce}>
        Send anyway
      </button>
    </div>
  );
}
