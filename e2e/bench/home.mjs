// /home's JavaScript (issue 17), against a running server, in Chromium: the script bytes
// transferred (gzip) before the dashboard's first paint and once its charts have loaded, from the
// page's own Resource Timing, in a fresh context signed in; with the files that made them up.
// Alone: `node e2e/bench/home.mjs` (a scratch server; BENCH_HOME_RUNS, default 3, runs; medians).
import { isMain, runAlone } from './alone.mjs';
import { apiToken, median } from './common.mjs';

const kb = (n) => Math.round((n / 1024) * 10) / 10;
/**
 * One signed-in visit of /home in a fresh context: JavaScript transferred before the first paint
 * (the frame after [data-testid=home] enters the document) and after the charts, and the files.
 */
export async function homePaintBytes(browser, base, token) {
  const ctx = await browser.newContext({ baseURL: base, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.addInitScript((t) => localStorage.setItem('lighting_token__String', t), token);
  await page.addInitScript(() => {
    const watch = () => {
      const obs = new MutationObserver(() => {
        if (document.querySelector('[data-testid="home"]')) {
          obs.disconnect();
          requestAnimationFrame(() => (window.__homePaintedAt = performance.now()));
        }
      });
      obs.observe(document.documentElement, { childList: true, subtree: true });
    };
    if (document.documentElement) watch();
    else document.addEventListener('DOMContentLoaded', watch);
  });
  await page.goto('/home');
  await page.locator('[data-testid="home"] canvas').first().waitFor({ timeout: 30000 });
  await page.waitForLoadState('networkidle');
  const r = await page.evaluate(() => {
    const paint = window.__homePaintedAt;
    const js = performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'script' || /\.js(\?|$)/.test(e.name));
    const sum = (xs) => xs.reduce((a, e) => a + e.transferSize, 0);
    return {
      paint,
      before: sum(js.filter((e) => e.responseEnd <= paint)),
      all: sum(js),
      files: js.map((e) => ({
        name: new URL(e.name).pathname,
        bytes: e.transferSize,
        beforePaint: e.responseEnd <= paint,
      })),
    };
  });
  await ctx.close();
  return {
    firstPaintGzipKB: kb(r.before),
    afterChartsGzipKB: kb(r.all),
    firstPaintMs: Math.round(r.paint),
    files: r.files.map((f) => ({ ...f, kb: kb(f.bytes), bytes: undefined })),
  };
}

export async function benchHome(base, browser) {
  const token = await apiToken(base);
  const runs = [];
  for (let i = 0; i < Number(process.env.BENCH_HOME_RUNS || 3); i++)
    runs.push(await homePaintBytes(browser, base, token));
  const mid = [...runs].sort((a, b) => a.firstPaintGzipKB - b.firstPaintGzipKB)[
    Math.floor((runs.length - 1) / 2)
  ];
  return {
    firstPaintGzipKB: median(runs.map((r) => r.firstPaintGzipKB)),
    afterChartsGzipKB: median(runs.map((r) => r.afterChartsGzipKB)),
    firstPaintMs: median(runs.map((r) => r.firstPaintMs)),
    runsFirstPaintGzipKB: runs.map((r) => r.firstPaintGzipKB),
    files: process.env.BENCH_HOME_FILES === '1' ? mid.files : undefined,
    loadAverage: (await import('node:os')).loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

if (isMain(import.meta.url)) await runAlone('home', '8194', benchHome);
