import { test, type Locator, type Page, type PageScreenshotOptions } from '@playwright/test';

/** A healthy capture takes well under a second, a full page on a loaded 2-core machine a few. */
const ATTEMPT_MS = 20_000;

/**
 * Saves a screenshot (of a page or an element) for the CI artifacts, bounded in time. Screenshots are pictures for people to look at, not
 * assertions: a capture that does not come back must not hang the journey until the test's timeout.
 *
 * Why: CI once saw headless Chromium's `Page.captureScreenshot` of the storefront listing never answer, in the test
 * and in its retry on a fresh stack and browser, while the same capture takes 0.3 s everywhere else (it did not
 * happen again in runs alone, side by side or under CPU load). The compositor of a headless page that has drawn
 * nothing for a while can fail to produce the frame a capture waits for; a short screencast asks it for frames
 * again. So: one attempt; on a timeout, that wake-up and a second attempt; if that one times out too, the journey
 * goes on without the picture and the test carries a `screenshot` annotation (shown in the report) saying which one
 * is missing. Every step that asserts something still fails on its own if the page itself is stuck.
 */
export async function saveScreenshot(target: Page | Locator, options: PageScreenshotOptions & { path: string }): Promise<void> {
  const page = 'goto' in target ? target : target.page();
  // Whatever still loads (the header's account skeleton while the session is read, a list being fetched) gets a
  // moment to finish, so the picture shows the page as a user sees it once loaded.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  try {
    await target.screenshot({ ...options, timeout: ATTEMPT_MS });
    return;
  } catch (error) {
    if (!isTimeout(error)) throw error;
  }
  await wakeCompositor(page);
  try {
    await target.screenshot({ ...options, timeout: ATTEMPT_MS });
  } catch (error) {
    if (!isTimeout(error)) throw error;
    const description = `${options.path}: Chromium did not capture it within ${(2 * ATTEMPT_MS) / 1000} s`;
    test.info().annotations.push({ type: 'screenshot', description });
    console.warn(`[e2e] screenshot skipped, ${description}`);
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

async function wakeCompositor(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 320, maxHeight: 320 });
    await page.waitForTimeout(300);
    await session.send('Page.stopScreencast');
  } catch {
    // A page that cannot even screencast gets its second attempt all the same.
  } finally {
    await session.detach().catch(() => {});
  }
}
