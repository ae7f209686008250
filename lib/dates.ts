const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** An ISO date as people read it: `2026-11-22T10:00:00Z` → "November 22, 2026". */
export function humanDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/**
 * A UTC time with its date, short enough for a list and read one way only, as the test clock
 * shows the sandbox's time: `2026-06-08T12:00:03Z` → "08 Jun 2026 12:00:03".
 */
export function listedDateTime(iso: string): string {
  return new Date(iso).toUTCString().slice(5, 25);
}
