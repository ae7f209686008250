'use client';

import type { ErrorExplanation as Explanation } from '@/lib/console/spec';

type ErrorExplanationProps = {
  error: { code?: string; type?: string; message?: string; param?: string | null };
  /** The code's entry in the error catalogue, when the spec has it. */
  explanation?: Explanation;
};

/** A refusal explained: the code, the parameter at fault, the message, and the catalogue's advice. */
export function ErrorExplanation({ error, explanation }: ErrorExplanationProps) {
  return (
    <div data-slot="console-error">
      <p>
        <code>{error.code}</code>
        {error.type && <span> {error.type}</span>}
        {error.param && (
          <span>
            {' '}
            on <code>{error.param}</code>
          </span>
        )}
      </p>
      {error.message && <p>{error.message}</p>}
      {explanation && (
        <p>
          {explanation.description}{' '}
          <a href={explanation.href} target="_blank" rel="noopener">
            About <code>{error.code}</code> on the Errors page
          </a>
        </p>
      )}
    </div>
  );
}
