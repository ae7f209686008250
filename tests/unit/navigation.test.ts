import { describe, expect, it } from 'vitest';
import { flatten, prevNext, type NavGroup } from '@/lib/navigation';
import { getMenu } from '@/lib/source';

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

  it('holds the 36 routes of the spec, each once, starting at the Introduction', async () => {
    const menu = await getMenu();
    const hrefs = flatten(menu).map((link) => link.href);
    expect(hrefs).toHaveLength(36);
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
