// The JavaScript budgets (docs/architecture.md, JavaScript budgets; issue 26): /login, signed-in
// /home before its first paint, and a page showing one low-code form. Bytes, not timings: the
// compressed size of every script the page fetched, from its own Resource Timing (a fresh browser
// context, so nothing comes from cache). A page's growth fails here, not in a later bench;
// `node e2e/bench/budget.mjs` prints the same figures with the files that made them.
import { expect, test, type Page } from './fixtures';
import { apiToken } from './helpers';

/** A form-only model holding the seeded 报修登记 form (text, select, radio, textarea, image upload, system values). */
async function oneFormModel(page: Page, token: string): Promise<string> {
  const api = async (method: string, url: string, data?: object) => {
    const res = await page.request.fetch(`/api${url}`, {
      method,
      headers: { authorization: token },
      ...(data ? { data } : {}),
    });
    const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
    expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
    return body.data;
  };
  const seeded = await api('GET', '/visualdev/Base/vd-repair');
  const info = {
    fullName: '报修登记表单',
    enCode: `budgetForm${Math.random().toString(36).slice(2, 8)}`,
    category: seeded.category,
    type: 1,
  };
  const { id } = await api('POST', '/visualdev/Base', info);
  await api('PUT', `/visualdev/Base/${String(id)}`, { ...info, formData: seeded.formData });
  return String(id);
}

// issue 26's targets: /login ≤ 180 KB, /home ≤ 350 KB, one form ≤ 450 KB. None is reached yet: each
// constant is the figure reached (docs/architecture.md, JavaScript budgets, says what is left).
// /login: 193.9 KB at issue 26's start, 186.7 KB after axios's fetch adapter and big.js went.
const LOGIN_BUDGET_KB = 187;
// /home: 605 KB before the antd split, 516 KB after it, 425 KB after the shell's dialogs, menu
// search and @lighting/shared were cut, 435.7 KB at issue 26's start, 431.8 KB after it.
const HOME_CEILING_KB = 432;
// one form: 888.4 KB at issue 26's start (every control's antd component, the date pickers, the
// rich-text editor's administration entry and the published list's Table loaded with any form),
// 638.9 KB once each control loads with the form that shows it; the console shell is 422 KB of it.
const FORM_BUDGET_KB = 639;

/** KB of script transferred, all of it or only what ended before `window.__paintedAt`. */
function scriptKB(page: Page, beforePaint: boolean): Promise<{ kb: number; files: number }> {
  return page.evaluate((before) => {
    const paint = (window as unknown as { __paintedAt?: number }).__paintedAt ?? Infinity;
    const js = performance
      .getEntriesByType('resource')
      .filter((e): e is PerformanceResourceTiming => /\.js(\?|$)/.test(e.name))
      .filter((e) => !before || e.responseEnd <= paint);
    for (const e of js) if (e.transferSize === 0) throw new Error(`${e.name}: no transfer size`);
    return { kb: js.reduce((a, e) => a + e.transferSize, 0) / 1024, files: js.length };
  }, beforePaint);
}

test(`/login loads at most ${LOGIN_BUDGET_KB} KB of JavaScript (gzip)`, async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  const { kb, files } = await scriptKB(page, false);
  test.info().annotations.push({ type: 'login JS', description: `${kb.toFixed(1)} KB gzip, ${files} files` });
  expect(files).toBeGreaterThan(0);
  expect(kb).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
});

test(`signed-in /home loads at most ${HOME_CEILING_KB} KB of JavaScript (gzip) before its first paint`, async ({
  page,
}) => {
  const token = await apiToken(page);
  await page.addInitScript((t) => localStorage.setItem('lighting_token__String', t), token);
  // first paint: the frame after the dashboard ([data-testid=home]) enters the document
  await page.addInitScript(() => {
    const obs = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="home"]')) return;
      obs.disconnect();
      requestAnimationFrame(
        () => ((window as unknown as { __paintedAt: number }).__paintedAt = performance.now()),
      );
    });
    obs.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/home');
  await page.getByTestId('home').waitFor();
  await page.waitForFunction(() => (window as unknown as { __paintedAt?: number }).__paintedAt !== undefined);
  await page.waitForLoadState('networkidle');
  const { kb, files } = await scriptKB(page, true);
  test.info().annotations.push({ type: 'home JS', description: `${kb.toFixed(1)} KB gzip, ${files} files` });
  expect(files).toBeGreaterThan(0);
  expect(kb).toBeLessThanOrEqual(HOME_CEILING_KB);
});

test(`a page showing one low-code form loads at most ${FORM_BUDGET_KB} KB of JavaScript (gzip)`, async ({
  page,
}) => {
  const token = await apiToken(page);
  const id = await oneFormModel(page, token);
  await page.addInitScript((t) => localStorage.setItem('lighting_token__String', t), token);
  await page.goto(`/previewModel?id=${id}`);
  const form = page.getByTestId('form-popup').getByTestId('form-renderer');
  await form.waitFor();
  // every control of the form has come (the ones whose modules load when a form shows them too)
  await expect(form.getByTestId('control-loading')).toHaveCount(0);
  await expect(form.getByTestId('item-faultType').locator('.ant-select')).toBeVisible();
  await expect(form.getByTestId('item-urgency').locator('.ant-radio-group')).toBeVisible();
  await expect(form.getByTestId('item-photos').locator('.ant-upload-select')).toBeVisible();
  await expect(form.getByTestId('item-description').locator('textarea')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { kb, files } = await scriptKB(page, false);
  test
    .info()
    .annotations.push({ type: 'one-form JS', description: `${kb.toFixed(1)} KB gzip, ${files} files` });
  expect(files).toBeGreaterThan(0);
  expect(kb).toBeLessThanOrEqual(FORM_BUDGET_KB);
});
