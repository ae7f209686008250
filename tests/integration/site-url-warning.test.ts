// A production server started without NEXT_PUBLIC_SITE_URL warns that its absolute addresses
// say localhost, once; started with it, it says nothing. Both serve the build under test.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSite } from '@/scripts/lib/site-server';

const logDir = mkdtempSync(path.join(tmpdir(), 'kestrel-site-url-'));

/** The log of a production server started with `siteUrl` (blank: unset), read once it answers. */
async function startLog(name: string, siteUrl: string): Promise<string> {
  const logFile = path.join(logDir, `${name}.log`);
  // As `npm start` runs it: the test runner's NODE_ENV=test would keep it quiet.
  const env = { NODE_ENV: 'production', NEXT_PUBLIC_SITE_URL: siteUrl };
  const site = await startSite({ logFile, env });
  try {
    // The configuration is read before the server listens: once it answers, the log is written.
    const home = await fetch(`${site.url}/`);
    expect(home.status).toBe(200);
    return readFileSync(logFile, 'utf8');
  } finally {
    await site.stop();
  }
}

describe('the production server’s start', () => {
  it('warns once, naming NEXT_PUBLIC_SITE_URL, when it is not set, and still serves', async () => {
    const log = await startLog('unset', '');
    expect(log.match(/NEXT_PUBLIC_SITE_URL is not set/g)).toHaveLength(1);
    expect(log).toContain('will say http://localhost:3000');
  });

  it('says nothing of it when it is set', async () => {
    const log = await startLog('set', 'https://docs.example.com');
    expect(log).not.toContain('NEXT_PUBLIC_SITE_URL');
  });
});
