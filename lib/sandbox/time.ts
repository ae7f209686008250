/** A timestamp in the documented style: UTC to the second, such as `2026-03-14T09:30:00Z`. */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
