// Every spec's `test`: Playwright's, with `page.goto` and `page.reload` returning once a remote route's first paint
// has given way to the app (shell/src/lib/first-paint.ts). The first paint is drawn before any script runs, with its
// controls disabled; a user waits for the page to be ready before choosing a file, and so does a test (a file set
// on the first paint's input would be set on nothing: setInputFiles does not wait for a control to be enabled).
// Tests of the first paint itself read the HTML, or use a context without JavaScript, where nothing is waited for.
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const ready = async <T>(response: T) => {
        await page.locator('[data-first-paint]').waitFor({ state: 'detached' });
        return response;
      };
      page.goto = async (...args: Parameters<Page['goto']>) => ready(await goto(...args));
      page.reload = async (...args: Parameters<Page['reload']>) => ready(await reload(...args));
    }
    await provide(page);
  },
});
