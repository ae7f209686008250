import { describe, expect, it } from 'vitest';
import { flatten, prevNext, type NavGroup } from '@/lib/navigation';
import { getMenu } from '@/lib/source';

/** Pages added to The Basics after the spec's six, in menu order. */
const ADDED_BASICS = [
  '/testing',
  '/3d-secure',
  '/idempotency',
  '/rate-limits',
  '/ai-assistants',
  '/changelog',
];

const tree: NavGroup[] = [
  {
    title: 'One',
    links: [
      { title: 'A', href: '/a' },
      { title: 'B', href: '/b' },
    ],
  },
  { title: 'Two', links: [{ title: 'C', href: '/c' }] },
];

describe('flatten', () => {
  it('lists every link in reading order across groups', () => {
    expect(flatten(tree).map((link) => link.href)).toEqual(['/a', '/b', '/c']);
  });

  it('holds the 36 routes of the spec and the added Basics pages, each once, from the Introduction', async () => {
    const menu = await getMenu();
    const hrefs = flatten(menu).map((link) => link.href);
    expect(hrefs).toHaveLength(36 + ADDED_BASICS.length);
    expect(hrefs.slice(6, 6 + ADDED_BASICS.length)).toEqual(ADDED_BASICS);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs[0]).toBe('/');
    expect(hrefs.at(-1)).toBe('/resources/transactions');
    expect(flatten(menu)[0]).toEqual({ title: 'Introduction', href: '/' });
  });
});

describe('prevNext', () => {
  it('has no previous on the first link', () => {
    expect(prevNext(tree, '/a')).toEqual({ previous: null, next: { title: 'B', href: '/b' } });
  });

  it('crosses group boundaries in the middle', () => {
    expect(prevNext(tree, '/b')).toEqual({
      previous: { title: 'A', href: '/a' },
      next: { title: 'C', href: '/c' },
    });
  });

  it('has no next on the last link', () => {
    expect(prevNext(tree, '/c')).toEqual({ previous: { title: 'B', href: '/b' }, next: null });
  });

  it('has neither for a path outside the list', () => {
    expect(prevNext(tree, '/elsewhere')).toEqual({ previous: null, next: null });
    expect(prevNext(tree, '/a/')).toEqual({ previous: null, next: null });
  });
});
