import { describe, expect, it } from 'vitest';
import { listedDateTime } from '@/lib/dates';

describe('a time in a list', () => {
  it('carries its date, so times a moved test clock set apart read in order', () => {
    expect(listedDateTime('2026-06-01T12:00:03Z')).toBe('01 Jun 2026 12:00:03');
    expect(listedDateTime('2026-06-08T09:15:00Z')).toBe('08 Jun 2026 09:15:00');
    expect(listedDateTime('2027-01-31T23:59:59Z')).toBe('31 Jan 2027 23:59:59');
  });
});
