import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCmsServer } from '../support/cms-server';
import { fakeSecretValue, secretVariables } from '../support/secrets';
import { buildSite, startSite } from '@/scripts/lib/site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    secretsDistDir: string;
    secretsCmsControlUrl: string;
  }
}

const SECRETS_DIST_DIR = '.next-secrets';

/**
 * Builds and serves the site with a known fake value in every secret variable, the CMS one
 * live against a CMS on localhost, so the scan looks at output made while the secrets were used.
 */
export default async function setup(project: TestProject) {
  const secrets = Object.fromEntries(
    secretVariables().map((name) => [name, fakeSecretValue(name)]),
  );
  const cms = await startCmsServer(secrets.CONTENT_API_TOKEN!);
  const env = { ...secrets, CONTENT_API_URL: cms.url, GUIDES_REVALIDATE_SECONDS: '60' };
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'kestrel-secrets-')), 'build.log');
  await buildSite({ distDir: SECRETS_DIST_DIR, env, logFile });
  const site = await startSite({ distDir: SECRETS_DIST_DIR, env });
  project.provide('baseUrl', site.url);
  project.provide('secretsDistDir', SECRETS_DIST_DIR);
  project.provide('secretsCmsControlUrl', cms.controlUrl);
  return async () => {
    await site.stop();
    await cms.close();
  };
}
