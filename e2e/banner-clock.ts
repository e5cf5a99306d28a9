import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A banner's life is a timer in the page: the page's clock is taken in hand (Playwright's clock)
 * so a test checks how long it stays without waiting for it in real time, nor timing it.
 *
 * `holdClock` stops the page's time before the action that shows a banner (the timer then starts
 * at a known instant); `expectBannerLasts` moves the time to one millisecond before the banner's
 * end (it is still there), then to its end (it is gone), and lets the time run again.
 */
export async function holdClock(page: Page) {
  // The page's clock is installed once (page.clock.install()) before. pauseAt only moves forward, and the
  // page's time may tick between reading it and pausing: read it again and retry when it did.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1);
      return;
    } catch (err) {
      if (attempt === 10 || !String(err).includes('Cannot fast-forward to the past')) throw err;
    }
  }
}

export async function expectBannerLasts(page: Page, banner: Locator, ms: number) {
  await banner.waitFor();
  await page.clock.runFor(ms - 1);
  expect(await banner.isVisible()).toBe(true);
  await page.clock.runFor(1);
  // Gone at its end, while the page's time still stands: a banner kept longer would stay.
  await banner.waitFor({ state: 'hidden' });
  await page.clock.resume();
}

/**
 * For a banner whose timer starts while other work goes on in the page (grids, axe): the clock
 * keeps running as usual, and the banner's time is skipped rather than waited for.
 */
export async function skipBanner(page: Page, banner: Locator, ms: number) {
  await page.clock.fastForward(ms);
  await banner.waitFor({ state: 'hidden' });
}
