import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromiumArgs } from '../lib/browser-args.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  /** All main-thread work during the load, and the part spent on scripts. */
  mainThreadMs: 'mainthread-work-breakdown',
  scriptMs: 'bootup-time',
};

/** Lighthouse sometimes fails to record a trace on a busy machine; a new attempt succeeds. */
const ATTEMPTS = 3;

/** One attempt: its figures, or Lighthouse's runtime error. */
async function attempt(url, formFactor) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: chromiumArgs,
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // Screenshots score nothing and cost seconds per run.
        disableFullPageScreenshot: true,
        skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError, environment } = result.lhr;
    if (runtimeError) return { error: `Lighthouse on ${url}: ${runtimeError.message}` };
    return {
      figures: {
        ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(categories[id].score * 100)])),
        ...Object.fromEntries(
          Object.entries(METRICS).map(([figure, audit]) => [figure, audits[audit].numericValue]),
        ),
        // How fast this host's CPU was during the run: mobile figures scale the observed work
        // by 4 whatever the host, so a slower host reads as a slower page.
        benchmarkIndex: environment.benchmarkIndex,
      },
    };
  } finally {
    chrome.kill();
  }
}

/**
 * One Lighthouse run of `url` in a fresh Debian Chromium, as a first visit: a reused browser
 * would keep what it cached, such as the favicon. `mobile` is Lighthouse's default (simulated
 * slow 4G and 4x CPU slowdown), `desktop` its desktop preset.
 */
export async function lighthouseRun(url, formFactor) {
  let outcome;
  for (let tries = 0; tries < ATTEMPTS; tries += 1) {
    outcome = await attempt(url, formFactor);
    if (outcome.figures) return outcome.figures;
    console.error(`${outcome.error} (attempt ${tries + 1} of ${ATTEMPTS})`);
  }
  throw new Error(outcome.error);
}
