// Checks a webhook's `Kestrel-Signature` in the browser with Web Crypto, as the Webhooks page
// documents it, and explains a failure: a malformed header, a timestamp outside the tolerance, a
// wrong secret, or a body that is not the bytes that were signed.

/** How old a signature may be, as the Webhooks page documents (five minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureInput = {
  payload: string;
  header: string;
  secret: string;
  /** The current Unix time in seconds. */
  now: number;
};

/** What the page knows that can explain a mismatch: the sandbox's secret, the bodies it sent. */
export type KnownDeliveries = { secrets: string[]; bodies: string[] };

export type Verdict =
  | { kind: 'verified'; age: number }
  | { kind: 'incomplete'; missing: ('payload' | 'header' | 'secret')[] }
  | { kind: 'malformed-header'; reason: string }
  | { kind: 'too-old'; age: number }
  | { kind: 'wrong-secret'; age: number }
  | {
      kind: 'body-changed';
      age: number;
      /** Whether it is the same JSON written differently. */
      reserialised: boolean;
      /** Where the payload first differs from what was signed. */
      at: number;
      original: string;
      /** Whether the secret given is also not the one that signed it. */
      wrongSecretToo: boolean;
    }
  | { kind: 'mismatch'; age: number; expected: string };

const encoder = new TextEncoder();

/** The hex HMAC-SHA256 of `message` keyed with `secret`. */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const digest = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The header's `t` and `v1` values, or why it cannot be read. */
export function parseSignatureHeader(
  header: string,
): { timestamp: number; signatures: string[] } | { reason: string } {
  // A value copied with its name still reads.
  const value = header.trim().replace(/^kestrel-signature\s*:\s*/i, '');
  const pairs = value.split(',').map((part) => {
    const index = part.indexOf('=');
    return index < 0
      ? [part.trim(), '']
      : [part.slice(0, index).trim(), part.slice(index + 1).trim()];
  });
  const t = pairs.find(([name]) => name === 't')?.[1];
  const signatures = pairs.filter(([name]) => name === 'v1').map(([, v]) => v!);
  if (t === undefined) return { reason: 'It has no t= timestamp.' };
  if (!/^\d+$/.test(t)) return { reason: `Its timestamp t=${t} is not a whole number of seconds.` };
  if (!signatures.length) return { reason: 'It has no v1= signature.' };
  const bad = signatures.find((signature) => !/^[0-9a-f]{64}$/i.test(signature));
  if (bad !== undefined) {
    return {
      reason: 'Its v1 signature is not 64 hexadecimal characters, the length of an HMAC-SHA256.',
    };
  }
  return { timestamp: Number(t), signatures: signatures.map((s) => s.toLowerCase()) };
}

/** The ways a JSON body is commonly re-serialised before it reaches a check. */
function reserialisations(payload: string): string[] {
  try {
    const data = JSON.parse(payload) as unknown;
    return [JSON.stringify(data), JSON.stringify(data, null, 2)].filter((text) => text !== payload);
  } catch {
    return [];
  }
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

/** The index of the first character where two texts differ. */
function firstDifference(a: string, b: string): number {
  let index = 0;
  while (index < a.length && a[index] === b[index]) index += 1;
  return index;
}

/** Verifies a signature and, when it fails, finds out why. */
export async function checkSignature(
  input: SignatureInput,
  known: KnownDeliveries = { secrets: [], bodies: [] },
): Promise<Verdict> {
  const missing = (['payload', 'header', 'secret'] as const).filter((field) => !input[field]);
  if (missing.length) return { kind: 'incomplete', missing };
  const parsed = parseSignatureHeader(input.header);
  if ('reason' in parsed) return { kind: 'malformed-header', reason: parsed.reason };
  const { timestamp, signatures } = parsed;
  const age = input.now - timestamp;
  const signs = async (secret: string, body: string) =>
    signatures.includes(await hmacHex(secret, `${timestamp}.${body}`));

  if (await signs(input.secret, input.payload)) {
    return age > SIGNATURE_TOLERANCE_SECONDS ? { kind: 'too-old', age } : { kind: 'verified', age };
  }
  const otherSecrets = known.secrets.filter((secret) => secret !== input.secret);
  for (const secret of otherSecrets) {
    if (await signs(secret, input.payload)) return { kind: 'wrong-secret', age };
  }
  const originals = [...known.bodies, ...reserialisations(input.payload)];
  for (const secret of [input.secret, ...otherSecrets]) {
    for (const original of originals) {
      if (original === input.payload || !(await signs(secret, original))) continue;
      return {
        kind: 'body-changed',
        age,
        reserialised: sameJson(original, input.payload),
        at: firstDifference(original, input.payload),
        original,
        wrongSecretToo: secret !== input.secret,
      };
    }
  }
  return {
    kind: 'mismatch',
    age,
    expected: await hmacHex(input.secret, `${timestamp}.${input.payload}`),
  };
}
