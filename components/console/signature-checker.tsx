'use client';

import { useEffect, useId, useState, type Ref } from 'react';
import type { Delivery } from '@/lib/console/deliveries';
import { checkSignature, type Verdict } from '@/lib/console/signature';
import { explainVerdict } from '@/lib/console/verdict';

/** What "Check signature" on a delivery puts in the checker. */
export type CheckerDraft = { payload: string; header: string; secret: string; revision: number };

type SignatureCheckerProps = {
  ref?: Ref<HTMLElement>;
  /** What it starts with; give the checker a new `key` to load another. */
  draft?: CheckerDraft;
  /** The sandbox's signing secrets (two during a rotation), to tell a wrong secret from a changed body. */
  secrets: string[];
  /** The bodies the sandbox signed, to show where a pasted one was changed. */
  deliveries: Delivery[];
};

/**
 * Verifies a Kestrel-Signature in the browser with Web Crypto, as a handler would: the secret
 * never leaves the page. The verdict updates as the fields change and explains any failure.
 */
export function SignatureChecker({ ref, draft, secrets, deliveries }: SignatureCheckerProps) {
  const id = useId();
  const [fields, setFields] = useState(() => ({
    payload: draft?.payload ?? '',
    header: draft?.header ?? '',
    secret: draft?.secret ?? '',
  }));
  const [verdict, setVerdict] = useState<Verdict>();

  // The secrets as one value, so a new array with the same secrets does not check again.
  const knownSecrets = secrets.join(' ');
  useEffect(() => {
    let current = true;
    const known = {
      secrets: knownSecrets.split(' ').filter(Boolean),
      bodies: deliveries.map((d) => d.body),
    };
    const now = Math.floor(Date.now() / 1000);
    void checkSignature({ ...fields, now }, known).then((result) => current && setVerdict(result));
    return () => {
      current = false;
    };
  }, [fields, knownSecrets, deliveries]);

  const explanation = verdict && explainVerdict(verdict);
  const field = (name: keyof typeof fields, label: string, multiline = false) => {
    const props = {
      id: `${id}-${name}`,
      value: fields[name],
      spellCheck: false,
      autoComplete: 'off',
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setFields({ ...fields, [name]: event.target.value }),
    };
    return (
      <div data-slot="field">
        <label htmlFor={props.id}>{label}</label>
        {multiline ? <textarea rows={6} {...props} /> : <input type="text" {...props} />}
      </div>
    );
  };

  return (
    <section ref={ref} data-slot="signature-checker" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Signature checker</h3>
      <p data-slot="console-note">
        Checks run in this browser with Web Crypto: the secret never leaves the page. Use{' '}
        <strong>Check signature</strong> on an event above, or paste one from your own handler.
      </p>
      {field('payload', 'Payload (the raw body, exactly as received)', true)}
      {field('header', 'Kestrel-Signature header')}
      {field('secret', 'Signing secret (whsec_…)')}
      <div role="status" data-slot="signature-verdict" data-ok={explanation?.ok}>
        {explanation && (
          <>
            <strong>{explanation.title}</strong>
            <p>{explanation.detail}</p>
          </>
        )}
      </div>
    </section>
  );
}
