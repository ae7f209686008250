/** Reads `title="..."` from a code fence's meta string. */
export function titleFromMeta(meta: string | null | undefined): string | undefined {
  return meta
    ?.match(/title=(?:"([^"]*)"|'([^']*)')/)
    ?.slice(1)
    .find(Boolean);
}
