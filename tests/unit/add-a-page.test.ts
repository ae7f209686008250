// Adding a page the menu cannot place fails, naming the file and the fix. That a resource page is
// one MDX file plus its OpenAPI tag, appearing in the menu, the sitemap, the search records and
// llms.txt without any other change, is tested in tests/integration/add-a-resource-page.test.ts.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageSource } from '@/lib/source';
import { copyOfDocs } from '../support/docs-copy';

const docsDir = copyOfDocs();

describe('adding a resource page', () => {
  it('refuses a page the menu cannot place, naming the file and the fix', async () => {
    await writeFile(
      path.join(docsDir(), 'orphan.mdx'),
      '---\ntitle: Orphan\ndescription: Nowhere.\n---\n\n## Alone\n',
    );
    await expect(createPageSource({ docsDir: docsDir() }).pages()).rejects.toThrow(
      /orphan\.mdx is not in the menu\. Add \/orphan to a group in lib\/navigation\.ts\./,
    );
    await rm(path.join(docsDir(), 'orphan.mdx'));
  });
});
