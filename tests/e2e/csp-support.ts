// Shared steps of the Content-Security-Policy's browser tests: reading a policy's script
// sources and recording the violations a context's pages report.
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The sources of a policy's script-src directive. */
export function scriptSources(policy: string | null | undefined): string[] {
  const directive = (policy ?? '').split(';').find((part) => /^\s*script-src\s/.test(part));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

/** Checks an HTML answer's policy: no inline script at large, its own scripts by hash or nonce. */
export function expectOwnScriptsOnly(name: string, policy: string | null | undefined) {
  const sources = scriptSources(policy);
  expect(sources, name).toContain("'self'");
  expect(sources, name).not.toContain("'unsafe-inline'");
  expect(
    sources.some((source) => /^'(sha256|nonce)-/.test(source)),
    name,
  ).toBe(true);
}

/** Runs in every document of the context before its own scripts: keeps each violation. */
const recordViolations = () => {
  addEventListener('securitypolicyviolation', (event) => {
    const seen = ((window as { __violations?: string[] }).__violations ??= []);
    seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
  });
};

/**
 * Records the CSP violations of a context's pages, as the document reports them and as the
 * browser logs them; `violations(page)` gives the current document's and those logged since.
 */
export async function watchViolations(context: BrowserContext) {
  const logged: string[] = [];
  await context.addInitScript(recordViolations);
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) logged.push(message.text());
  });
  return async (page: Page) => {
    const reported = await page.evaluate(
      () => (window as { __violations?: string[] }).__violations ?? [],
    );
    return [...reported, ...logged.splice(0)].map((violation) => `${page.url()}: ${violation}`);
  };
}
