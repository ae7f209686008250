const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** An ISO date as people read it: `2026-11-22T10:00:00Z` → "November 22, 2026". */
export function humanDate(iso: string): string {
  return longDate.format(new Date(iso));
}
