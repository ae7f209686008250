// A sandbox the reader keeps (issue: a sandbox you keep): it survives a reload, every tab of the
// site shares it, flows run in it, a token from elsewhere resumes it, "New sandbox" replaces it
// everywhere, its token is masked until revealed, and the console's link lands on the workbench.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sandboxRoute, WEBHOOK_WORKBENCH_ROUTE } from '@/lib/routes';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { answerField, openConsole, send } from './console-support';
import { baseUrl, hydrated, setupBrowser, visit } from './browser';

const { newContext } = setupBrowser();

/** An island's own element, not the placeholder the article holds its place with. */
const live = (slot: string) => `[data-slot="${slot}"]:not([data-slot="island-fallback"] *)`;

/** The token a token bar shows once revealed (it is masked until then). */
async function revealedToken(scope: Locator): Promise<string> {
  const reveal = scope.getByRole('button', { name: 'Show token' }).first();
  if ((await reveal.getAttribute('aria-pressed')) !== 'true') await reveal.click();
  return (await scope.locator('[data-slot="token"]').first().textContent()) ?? '';
}

/** The workbench of a page on the Webhooks page, brought near the screen so that it loads. */
async function workbenchOf(page: Page): Promise<Locator> {
  await page.locator('[data-island="webhook-workbench"]').scrollIntoViewIfNeeded();
  const workbench = page.locator(live('workbench'));
  await workbench.waitFor();
  return workbench;
}

/** The workbench of a page on the Webhooks page, once its inbox is live. */
async function liveWorkbench(page: Page): Promise<Locator> {
  const workbench = await workbenchOf(page);
  await workbench.locator('[data-slot="workbench-status"][data-status="live"]').waitFor();
  return workbench;
}

/** Everything the page keeps in storage, as one string. */
const storedText = (page: Page) =>
  page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));

/** The fields of the sandbox's answers these tests read. */
type SandboxAnswer = { access_token?: string; id?: string; error?: { message: string } };

/** A token made over HTTP, as a terminal would, and the sandbox's answer to a request with it. */
async function overHttp(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${sandboxRoute(path)}`, init);
  return { status: response.status, body: (await response.json()) as SandboxAnswer };
}

describe('a sandbox the reader keeps', () => {
  it('keeps a charge across a reload and shares the sandbox with a new tab, token masked', async () => {
    const context = await newContext();
    const page = await visit(context, '/resources/charges');
    let dialog = await openConsole(page, 'POST /v1/charges');
    expect(await send(dialog)).toBe('201 Created');
    const id = await answerField(dialog, 'id');
    const created = await dialog.locator('[data-slot="console-body"]').textContent();

    const code = dialog.locator('[data-slot="token"]');
    const masked = (await code.textContent())!;
    const reveal = dialog.getByRole('button', { name: 'Show token' });
    expect(await reveal.getAttribute('aria-pressed')).toBe('false');
    const token = await revealedToken(dialog);
    expect(await reveal.getAttribute('aria-pressed')).toBe('true');
    expect(token).toMatch(/^kp_at_[0-9a-f]{32}$/);
    expect(masked).toMatch(/^kp_at_•+[0-9a-f]{4}$/);
    expect(masked).not.toContain(token.slice(6, -4));
    expect(page.url()).not.toContain('kp_at_');

    await page.reload();
    await hydrated(page);
    dialog = await openConsole(page, 'GET /v1/charges/{id}');
    await dialog.getByLabel(/^id/).fill(String(id));
    expect(await send(dialog)).toBe('200 OK');
    expect(await dialog.locator('[data-slot="console-body"]').textContent()).toBe(created);
    expect(await revealedToken(dialog)).toBe(token);

    // A new tab, opened by URL, shows the same sandbox connected, with the charge's events.
    const other = await visit(context, WEBHOOK_WORKBENCH_ROUTE);
    const workbench = await liveWorkbench(other);
    expect(await revealedToken(workbench)).toBe(token);
    await expect
      .poll(() => workbench.locator('[data-slot="delivery-body"]').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(String(id))]));
    await context.close();
  });

  it('runs a guide’s flow in the current sandbox: same token, same whsec_ secret', async () => {
    const context = await newContext();
    const page = await visit(context, WEBHOOK_WORKBENCH_ROUTE);
    const workbench = await workbenchOf(page);
    await workbench.getByRole('button', { name: 'Get a token' }).click();
    await liveWorkbench(page);
    const token = await revealedToken(workbench);
    const secret = await workbench.locator('[data-slot="workbench-secret"] code').textContent();
    expect(secret).toMatch(/^whsec_/);

    const guide = await visit(context, '/guides/save-a-card');
    await guide.locator('[data-island="sandbox-flow"]').scrollIntoViewIfNeeded();
    const flow = guide.locator(live('flow'));
    await flow.scrollIntoViewIfNeeded();
    await flow.getByRole('button', { name: 'Run the flow' }).click();
    await flow.getByText(/^All \d+ steps ran\.$/).waitFor({ timeout: 30_000 });
    expect(await flow.locator('[data-slot="flow-step"]').first().textContent()).toContain(
      'keeps your current sandbox',
    );

    // The workbench in the first tab still follows the same sandbox, and receives the flow's events.
    expect(await revealedToken(workbench)).toBe(token);
    expect(await workbench.locator('[data-slot="workbench-secret"] code').textContent()).toBe(
      secret,
    );
    await expect.poll(() => workbench.locator('[data-slot="delivery"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('resumes a sandbox by its token, refuses one the sandbox refuses, and makes a new one everywhere', async () => {
    const issued = await overHttp('/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        public_key: SANDBOX_KEY_PAIR.publicKey,
        private_key: SANDBOX_KEY_PAIR.privateKey,
      }),
    });
    const token = issued.body.access_token!;
    const bearer = { authorization: `Bearer ${token}` };
    const charge = await overHttp('/v1/charges', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        amount: 12500,
        currency: 'GBP',
        booking_id: 'bk_8Jd2kLq',
        tokenised_card_id: 'tc_4Nf8xPz',
      }),
    });
    expect(charge.status).toBe(201);
    const unknown = `kp_at_${'0'.repeat(32)}`;
    const refusal = await overHttp('/inbox', { headers: { authorization: `Bearer ${unknown}` } });

    const context = await newContext();
    const page = await visit(context, WEBHOOK_WORKBENCH_ROUTE);
    const other = await visit(context, WEBHOOK_WORKBENCH_ROUTE);
    const workbench = await workbenchOf(page);
    await workbench.getByRole('button', { name: 'Use a token' }).click();
    const pasted = workbench.getByLabel('Token of the sandbox to resume');
    await pasted.fill(unknown);
    await workbench.getByRole('button', { name: 'Resume' }).click();
    const problem = workbench.locator('[data-slot="token-use"] [role="alert"]');
    await problem.waitFor();
    expect(await problem.textContent()).toBe(refusal.body.error?.message);
    expect(await storedText(page)).not.toContain(unknown);

    await pasted.fill(token);
    await workbench.getByRole('button', { name: 'Resume' }).click();
    await liveWorkbench(page);
    expect(await revealedToken(workbench)).toBe(token);
    await expect
      .poll(() => workbench.locator('[data-slot="delivery-body"]').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(charge.body.id!)]));
    const otherBench = await liveWorkbench(other);
    expect(await revealedToken(otherBench)).toBe(token);

    // Kept on this device only while chosen.
    const keep = workbench.getByLabel('Keep on this device');
    await keep.check();
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toContain(token);
    await expect.poll(() => otherBench.getByLabel('Keep on this device').isChecked()).toBe(true);
    await keep.uncheck();
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(token);

    await workbench.getByRole('button', { name: 'New sandbox' }).click();
    await expect.poll(() => revealedToken(workbench)).not.toBe(token);
    const fresh = await revealedToken(workbench);
    await expect.poll(() => revealedToken(otherBench)).toBe(fresh);
    await context.close();
  });

  it('lands on the workbench itself from the console’s link', async () => {
    const context = await newContext();
    const page = await visit(context, '/resources/charges');
    const dialog = await openConsole(page, 'POST /v1/charges');
    expect(await send(dialog)).toBe('201 Created');
    await dialog.getByRole('link', { name: 'Open the webhook workbench' }).click();
    await page.waitForURL('**/webhooks#*');
    const island = page.locator('[data-island="webhook-workbench"]');
    const inView = () =>
      island.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight / 2;
      });
    await expect.poll(inView, { timeout: 10_000 }).toBe(true);
    // Still in view once the workbench has loaded into its place and connected.
    await island.locator('[data-slot="workbench-status"][data-status="live"]').waitFor();
    expect(await inView()).toBe(true);
    await context.close();
  });
  it('resumes a pasted token inside the console without sending the console’s request', async () => {
    const issued = await overHttp('/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        public_key: SANDBOX_KEY_PAIR.publicKey,
        private_key: SANDBOX_KEY_PAIR.privateKey,
      }),
    });
    const token = issued.body.access_token!;
    const context = await newContext();
    const page = await visit(context, '/resources/charges');
    const dialog = await openConsole(page, 'POST /v1/charges');
    const sent: string[] = [];
    page.on('request', (request) => sent.push(request.url()));
    await dialog.getByRole('button', { name: 'Use a token' }).click();
    await dialog.getByLabel('Token of the sandbox to resume').fill(token);
    await dialog.getByRole('button', { name: 'Resume' }).click();
    expect(await revealedToken(dialog)).toBe(token);
    // The console's own request stays unsent, though the token bar lives inside its form: a send
    // would start on the click, before the resume's own check of the token has answered.
    expect(sent.filter((url) => url.includes('/sandbox/v1/'))).toEqual([]);
    await context.close();
  });
});
