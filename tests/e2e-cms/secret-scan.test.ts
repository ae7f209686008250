import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { source } from '@/lib/source';
import { cmsGuides, cmsTestToken } from '../support/cms-fixtures';
import { fakeSecretValue, leakedForms, secretVariables } from '../support/secrets';

const baseUrl = inject('baseUrl');
/** The builds made with the fake secrets (tests/e2e-cms/global-setup.ts). */
const distDirs = ['.next-cms', '.next-cms-isr'];
const secrets = secretVariables().map((name) => ({
  name,
  forms: leakedForms(fakeSecretValue(name)),
}));

/** Every file under a folder. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which secrets (by variable name) a text contains, in any leaked form. */
const leaksIn = (text: string) =>
  secrets.filter(({ forms }) => forms.some((form) => text.includes(form))).map(({ name }) => name);

// Issue 7: no secret reaches the browser, whatever form it would take.
describe('secret scan', () => {
  it('covers every server-only secret of .env.example, the CMS token among them', () => {
    expect(secrets.map(({ name }) => name)).toEqual(['CONTENT_API_TOKEN', 'SEARCH_ADMIN_API_KEY']);
    // The CMS build really uses its fake token: tests/e2e-cms/cms-guides.test.ts sees it arrive.
    expect(cmsTestToken).toBe(fakeSecretValue('CONTENT_API_TOKEN'));
  });

  it.each(distDirs)('finds none in any file the browser can load from %s', (distDir) => {
    const files = filesUnder(path.join(distDir, 'static'));
    expect(files.length).toBeGreaterThan(10);
    const leaks = files.flatMap((file) =>
      leaksIn(readFileSync(file, 'latin1')).map((name) => `${name} in ${file}`),
    );
    expect(leaks).toEqual([]);
  });

  it('finds none in any served page, its navigation payload or its headers', async () => {
    const guides = cmsGuides.map((guide) => `/guides/${guide.slug}`);
    const paths = [
      ...(await source.pages()).flatMap((page) => (page.kind === 'guide' ? [] : [page.route])),
      ...guides,
      '/no-such-page',
      '/openapi.yaml',
    ];
    const leaks: string[] = [];
    for (const pagePath of paths) {
      for (const headers of [{}, { rsc: '1' }] as Record<string, string>[]) {
        const response = await fetch(new URL(pagePath, baseUrl), { headers });
        const text = `${JSON.stringify([...response.headers])}\n${await response.text()}`;
        leaks.push(...leaksIn(text).map((name) => `${name} in ${pagePath}`));
      }
    }
    expect(paths.length).toBeGreaterThan(40);
    expect(leaks).toEqual([]);
  });
});
