import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_FADE, site } from '@/lib/site';
import { baseUrl, setupBrowser } from './browser';
import { hoverAndClick } from './reader';

const { open } = setupBrowser();
const pager = (page: Page) => page.getByRole('navigation', { name: 'Previous and next pages' });

async function prevNextOf(page: Page) {
  const read = async (rel: string) => {
    const link = pager(page).locator(`a[rel="${rel}"]`);
    return (await link.count()) ? link.getAttribute('href') : null;
  };
  return { previous: await read('prev'), next: await read('next') };
}

// SPEC 2.6: previous/next follow the one flat menu order, only for paths in it.
describe('previous and next links', () => {
  it.each([
    ['/', { previous: null, next: '/sdks' }],
    ['/webhooks', { previous: '/errors', next: '/testing' }],
    ['/changelog', { previous: '/ai-assistants', next: '/categories/setup-account' }],
    ['/sdk/usage', { previous: '/sdk/getting-started', next: '/resources/acquirer-settlement' }],
    ['/resources/transactions', { previous: '/resources/tokenised-cards', next: null }],
  ])('on %s', async (path, expected) => {
    const page = await open(path);
    expect(await prevNextOf(page)).toEqual(expected);
    await page.context().close();
  });

  it('are absent on a path outside the menu', async () => {
    const page = await open('/not-in-the-menu');
    expect(await pager(page).count()).toBe(0);
    await page.context().close();
  });

  it('navigate to the next page', async () => {
    const page = await open('/pagination');
    await hoverAndClick(page, pager(page).locator('a[rel="next"]'));
    await page.waitForURL(`${baseUrl}/errors`);
    await expect.poll(() => page.title()).toBe('Errors | Kestrel Pay');
    await page.context().close();
  });
});

// SPEC 4: the feedback block thanks the reader with a fade and resets when the path changes.
describe('feedback block', () => {
  it.each(['Yes', 'No'])('answering %s shows the thanks message, fading in', async (answer) => {
    const requests: string[] = [];
    const page = await open('/errors');
    // Route prefetches (RSC payloads, the images they preload) are navigation, not feedback.
    page.on('request', (request) => {
      const kind = request.resourceType();
      if (['fetch', 'xhr', 'ping', 'other'].includes(kind)) requests.push(request.url());
    });
    const feedback = page.locator('[data-slot="feedback"]');
    await feedback.getByRole('button', { name: answer, exact: true }).click();
    const thanks = feedback.getByRole('status');
    await expect.poll(() => thanks.textContent()).toBe('Thanks for your feedback!');
    const style = await thanks.evaluate((node) => getComputedStyle(node));
    expect(style.transitionDelay).toBe(`${FEEDBACK_FADE.delayMs / 1000}s`);
    expect(style.transitionDuration).toBe(`${FEEDBACK_FADE.durationMs / 1000}s`);
    await expect.poll(() => thanks.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
    // The question is gone for assistive technology and pointer alike.
    expect(await feedback.getByRole('button', { name: answer, exact: true }).count()).toBe(0);
    expect(await feedback.locator('form').evaluate((form) => getComputedStyle(form).opacity)).toBe(
      '0',
    );
    expect(requests.filter((url) => !url.includes('/_next/') && !url.includes('_rsc='))).toEqual(
      [],
    );
    await page.context().close();
  });

  it('asks again after navigating to another page', async () => {
    const page = await open('/errors');
    const feedback = page.locator('[data-slot="feedback"]');
    await feedback.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect
      .poll(() => feedback.getByRole('status').textContent())
      .toBe('Thanks for your feedback!');
    await hoverAndClick(page, pager(page).locator('a[rel="next"]'));
    await page.waitForURL(`${baseUrl}/webhooks`);
    await feedback.getByRole('button', { name: 'No', exact: true }).waitFor();
    expect(await feedback.getByText('Was this page helpful?').isVisible()).toBe(true);
    expect(await feedback.getByRole('status').textContent()).toBe('');
    await page.context().close();
  });
});

describe('footer', () => {
  it('shows the copyright for the current year and the three social links', async () => {
    const page = await open('/sdks');
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Kestrel Pay`);
    const social = {
      'Follow us on Twitter': site.social.twitter,
      'Follow us on GitHub': site.social.github,
      'Join our Discord server': site.social.discord,
    };
    for (const [name, href] of Object.entries(social)) {
      expect(await footer.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    await page.context().close();
  });
});
