import type { ApiDocument } from '@/lib/openapi/document';

/** The dated API versions of the document: every one it names, and the one it describes. */
export type ApiVersions = { current: string; known: readonly string[] };

/** The versions of `components.schemas.ApiVersion`, and `info.version` as the current one. */
export function apiVersions(document: ApiDocument): ApiVersions {
  const known = (document.components.schemas.ApiVersion?.enum ?? []).map(String);
  return { current: document.info.version, known: known.length ? known : [document.info.version] };
}

/**
 * The version a request is answered in: its `Kestrel-Version` when it names a known one, else
 * the sandbox key pair's, which is the current version (an unknown one is refused by validation).
 */
export function versionOf(versions: ApiVersions, header: string | null | undefined): string {
  return header && versions.known.includes(header) ? header : versions.current;
}

// The breaking changes of 2026-03-01, as the Changelog lists them, undone for earlier versions.
// (ISO dates compare in order as text.)
const SAVED_CARD_NAMES = '2026-03-01';
/** Saved-card fields by kind: the current name, and the name before. */
const RENAMED: Record<string, [current: string, before: string]> = {
  charge: ['tokenised_card_id', 'payment_method'],
  customer: ['default_tokenised_card_id', 'default_payment_method'],
};
/** The decline code earlier versions report instead of the issuer's reason. */
const GENERIC_DECLINE = 'card_declined';
/** The failure codes earlier versions already had; any other reads as `card_declined`. */
const EARLIER_FAILURE_CODES = new Set([
  'insufficient_funds',
  'expired_card',
  'authentication_required',
  'authorisation_expired',
]);
/** The field each kind reports a decline in. */
const DECLINE_FIELDS: Record<string, string> = {
  charge: 'failure_code',
  scheduled_payment: 'last_failure_code',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Whether an action, such as capturing a charge, needs an `Idempotency-Key` in this version. */
export function actionsNeedIdempotencyKey(version: string): boolean {
  return version >= SAVED_CARD_NAMES;
}

/** A request body as the current version reads it: saved-card fields under their current name. */
export function readIn(version: string, kind: string | undefined, body: unknown): unknown {
  const renamed = kind ? RENAMED[kind] : undefined;
  if (version >= SAVED_CARD_NAMES || !renamed || !isRecord(body)) return body;
  const [current, before] = renamed;
  if (!(before in body)) return body;
  const { [before]: value, ...rest } = body;
  return { ...rest, [current]: value };
}

/**
 * An answer written in a version: objects, lists and events as that version shows them, events
 * marked with it, and earlier versions' field names and decline codes.
 */
export function writeIn(version: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => writeIn(version, item));
  if (!isRecord(value)) return value;
  const written: Record<string, unknown> = {};
  for (const [field, child] of Object.entries(value)) written[field] = writeIn(version, child);
  if (written.object === 'event' && 'api_version' in written) written.api_version = version;
  if (version >= SAVED_CARD_NAMES) return written;
  const kind = String(written.object);
  const decline = DECLINE_FIELDS[kind];
  const code = decline ? written[decline] : undefined;
  if (decline && typeof code === 'string' && !EARLIER_FAILURE_CODES.has(code)) {
    written[decline] = GENERIC_DECLINE;
  }
  const renamed = RENAMED[kind];
  if (!renamed || !(renamed[0] in written)) return written;
  const [current, before] = renamed;
  return Object.fromEntries(
    Object.entries(written).map(([field, child]) => [field === current ? before : field, child]),
  );
}
