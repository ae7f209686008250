'use client';

import { useId } from 'react';
import type { Replay } from '@/lib/console/replay';

type ReplayChoiceProps = {
  replay: Replay;
  /** Whether the operation takes an Idempotency-Key at all. */
  takesKey: boolean;
  sendsOriginalKey: boolean;
  onChoose: (original: boolean) => void;
};

/** Names the logged request the console replays, and lets the reader send its key again or not. */
export function ReplayChoice({ replay, takesKey, sendsOriginalKey, onChoose }: ReplayChoiceProps) {
  const name = useId();
  const title = (
    <>
      Replay of request <code>{replay.requestId}</code>
    </>
  );
  if (!takesKey) return <p data-slot="console-note">{title}.</p>;
  if (!replay.idempotencyKey) {
    return (
      <p data-slot="console-note">
        {title}, which was sent without an Idempotency-Key: this one sends a new key.
      </p>
    );
  }
  return (
    <fieldset data-slot="console-replay">
      <legend>{title}</legend>
      <label data-slot="console-check">
        <input
          type="radio"
          name={name}
          checked={!sendsOriginalKey}
          onChange={() => onChoose(false)}
        />
        <span>
          Send a new Idempotency-Key: the sandbox runs the request again, so a create makes another
          object.
        </span>
      </label>
      <label data-slot="console-check">
        <input
          type="radio"
          name={name}
          checked={sendsOriginalKey}
          onChange={() => onChoose(true)}
        />
        <span>
          Send its Idempotency-Key, <code>{replay.idempotencyKey}</code>: the sandbox answers again
          with the stored response, marked Replayed, and changes nothing. A changed request with
          this key is refused.
        </span>
      </label>
    </fieldset>
  );
}
