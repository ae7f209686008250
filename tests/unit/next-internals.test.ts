// The list of what the site relies on in Next.js names, for each dependency, a module that
// exists and a test that does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEXT_INTERNALS } from '@/lib/next-internals/index.mjs';

describe('the list of Next.js internals', () => {
  it.each(NEXT_INTERNALS.map((internal) => [internal.name, internal]))(
    '%s names its module and a test that exists',
    (_, { module, test }) => {
      expect(existsSync(module), module).toBe(true);
      const [file = '', title = ''] = test.split(' > ');
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8'), `${file} has no test "${title}"`).toContain(title);
    },
  );

  it('holds every module of lib/next-internals', () => {
    const listed = new Set(NEXT_INTERNALS.map((internal) => internal.module));
    const modules = readdirSync('lib/next-internals').filter((name) => !name.startsWith('index.'));
    expect(modules.filter((name) => !listed.has(`lib/next-internals/${name}`))).toEqual([]);
  });
});
