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
