import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAnalyticsServer } from '../support/analytics-server';
import { cmsTestToken } from '../support/cms-fixtures';
import { TEST_DEPLOYMENT_ID } from '../support/deployment';
import { startCmsServer } from '../support/cms-server';
import { fakeSecretValue, secretVariables } from '../support/secrets';
import { hostedSearchEnv } from '../support/hosted-search';
import { buildSite, startSite } from '@/scripts/lib/site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    cmsControlUrl: string;
    siteLogFile: string;
    isrBaseUrl: string;
    hostedSearchBaseUrl: string;
    analyticsOrigin: string;
  }
}

/**
 * Runs the site against a GraphQL CMS on localhost: one build that renders on every request
 * (GUIDES_REVALIDATE_SECONDS=0) with page analytics on, one that re-renders every 2 s and
 * searches a hosted index (answered in the tests by a local stand-in), each served as `npm start`
 * serves it.
 */
export default async function setup(project: TestProject) {
  const logs = mkdtempSync(path.join(tmpdir(), 'kestrel-cms-'));
  const cms = await startCmsServer(cmsTestToken);
  const analytics = await startAnalyticsServer();
  // Every server-only secret carries a recognisable fake value (the CMS token is live), so the
  // secret scan can look for them in what these builds serve.
  const secrets = Object.fromEntries(
    secretVariables().map((name) => [name, fakeSecretValue(name)]),
  );
  const env = {
    ...secrets,
    CONTENT_API_URL: cms.url,
    CONTENT_API_TOKEN: cmsTestToken,
    CONTENT_API_TIMEOUT_MS: '1000',
  };
  // This build also has page analytics on, served from another origin.
  const everyRequest = {
    ...env,
    GUIDES_REVALIDATE_SECONDS: '0',
    NEXT_PUBLIC_ANALYTICS_SRC: analytics.scriptUrl,
  };
  // The fully hosted configuration: CMS and search index both elsewhere, and a deployment id
  // as hosts with skew protection set it.
  const everyTwoSeconds = {
    ...env,
    GUIDES_REVALIDATE_SECONDS: '2',
    NEXT_DEPLOYMENT_ID: TEST_DEPLOYMENT_ID,
    ...hostedSearchEnv,
  };
  // The servers give up on the CMS after 1 s, which the failure tests rely on; the builds, two
  // at once on a busy machine, wait longer. A guide list that timed out while building the
  // every-request build would leave its guide route prerendered as static, and Next.js then
  // refuses the per-request fetch of each guide page (500, "changed from static to dynamic").
  const building = { CONTENT_API_TIMEOUT_MS: '15000' };
  // Side by side: each build leaves a core idle much of the time.
  await Promise.all([
    buildSite({
      distDir: '.next-cms',
      env: { ...everyRequest, ...building },
      logFile: path.join(logs, 'build.log'),
    }),
    buildSite({
      distDir: '.next-cms-isr',
      env: { ...everyTwoSeconds, ...building },
      logFile: path.join(logs, 'build-isr.log'),
    }),
  ]);

  const siteLogFile = path.join(logs, 'site.log');
  const site = await startSite({ distDir: '.next-cms', env: everyRequest, logFile: siteLogFile });
  const isr = await startSite({
    distDir: '.next-cms-isr',
    env: everyTwoSeconds,
    logFile: path.join(logs, 'isr.log'),
  });
  project.provide('baseUrl', site.url);
  project.provide('isrBaseUrl', isr.url);
  project.provide('hostedSearchBaseUrl', isr.url);
  project.provide('cmsControlUrl', cms.controlUrl);
  project.provide('siteLogFile', siteLogFile);
  project.provide('analyticsOrigin', analytics.origin);
  return async () => {
    await Promise.all([site.stop(), isr.stop()]);
    await Promise.all([cms.close(), analytics.close()]);
  };
}
