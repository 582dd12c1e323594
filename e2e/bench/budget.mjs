// The three JavaScript budgets of issue 26 (item 2), against a running server, in Chromium, each in
// a fresh context (nothing from cache), from the page's own Resource Timing (transferSize: gzip as
// served), as e2e/tests/budget.spec.ts counts them:
// - /login: every script until the sign-in form is shown and the network is idle (≤ 180 KB);
// - signed-in /home: the scripts that ended before the dashboard's first paint (≤ 350 KB);
// - a page showing one low-code form: /previewModel?id=… of a form-only model holding the seeded
//   报修登记 form (text, select, radio, textarea, image upload, system values), every script until
//   the form is shown and the network is idle (≤ 450 KB);
// - for reference (no budget): the published page dynamicModel/repairReport (its list) with its add
//   form open.
// Alone: `node e2e/bench/budget.mjs` (a scratch server; BUDGET_FILES=1 lists each page's files,
// largest first, to see what made a figure).
import { isMain, runAlone } from './alone.mjs';
import { apiToken } from './common.mjs';

const kb = (n) => Math.round((n / 1024) * 10) / 10;

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/** A form-only model (type 1) holding the seeded 报修登记 form (server/src/lowcode/seed-forms.ts): its id. */
export async function oneFormModel(base, token) {
  const seeded = await api(base, token, 'GET', '/visualdev/Base/vd-repair');
  const info = {
    fullName: '报修登记表单',
    enCode: `budgetForm${Date.now().toString(36)}`,
    category: seeded.category,
    type: 1,
  };
  const { id } = await api(base, token, 'POST', '/visualdev/Base', info);
  await api(base, token, 'PUT', `/visualdev/Base/${id}`, { ...info, formData: seeded.formData });
  return id;
}

async function scripts(page, paintVar) {
  return page.evaluate((v) => {
    const paint = v ? window[v] : Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .map((e) => ({
        name: new URL(e.name).pathname,
        bytes: e.transferSize,
        before: e.responseEnd <= paint,
      }));
  }, paintVar);
}

function figure(files, onlyBefore, list) {
  const counted = files.filter((f) => !onlyBefore || f.before);
  return {
    gzipKB: kb(counted.reduce((a, f) => a + f.bytes, 0)),
    files: counted.length,
    list: list ? counted.sort((a, b) => b.bytes - a.bytes).map((f) => `${kb(f.bytes)} ${f.name}`) : undefined,
  };
}

/** The three figures: { login, homeBeforePaint, oneForm } each { gzipKB, files }. */
export async function budgetBytes(browser, base, token, list = process.env.BUDGET_FILES === '1') {
  const formModel = await oneFormModel(base, token);
  const fresh = async (signedIn) => {
    const ctx = await browser.newContext({
      baseURL: base,
      locale: 'zh-CN',
      viewport: { width: 1600, height: 900 },
    });
    if (signedIn) await ctx.addInitScript((t) => localStorage.setItem('lighting_token__String', t), token);
    return { ctx, page: await ctx.newPage() };
  };
  const out = {};
  {
    const { ctx, page } = await fresh(false);
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await page.waitForLoadState('networkidle');
    out.login = figure(await scripts(page), false, list);
    await ctx.close();
  }
  {
    const { ctx, page } = await fresh(true);
    await page.addInitScript(() => {
      const obs = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="home"]')) return;
        obs.disconnect();
        requestAnimationFrame(() => (window.__paintedAt = performance.now()));
      });
      obs.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/home');
    await page.getByTestId('home').waitFor();
    await page.waitForFunction(() => window.__paintedAt !== undefined);
    await page.waitForLoadState('networkidle');
    out.homeBeforePaint = figure(await scripts(page, '__paintedAt'), true, list);
    await ctx.close();
  }
  {
    const { ctx, page } = await fresh(true);
    await page.goto(`/previewModel?id=${formModel}`);
    await page.getByTestId('form-renderer').first().waitFor({ timeout: 60_000 });
    // every control of the form has come (their modules load when the form shows them)
    await page.waitForFunction(() => !document.querySelector('[data-testid="control-loading"]'));
    await page.waitForLoadState('networkidle');
    out.oneForm = figure(await scripts(page), false, list);
    await ctx.close();
  }
  {
    const { ctx, page } = await fresh(true);
    await page.goto('/dynamicModel/repairReport');
    await page.getByTestId('btn-add').click({ timeout: 60_000 });
    await page.getByTestId('form-renderer').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="control-loading"]'));
    await page.waitForLoadState('networkidle');
    out.publishedListAndForm = figure(await scripts(page), false, list);
    await ctx.close();
  }
  return out;
}

export async function benchBudget(base, browser) {
  const token = await apiToken(base);
  return {
    ...(await budgetBytes(browser, base, token)),
    budgetsKB: { login: 180, homeBeforePaint: 350, oneForm: 450 },
    loadAverage: (await import('node:os')).loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

if (isMain(import.meta.url)) await runAlone('budget', '8195', benchBudget);
