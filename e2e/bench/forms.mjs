// The low-code forms' figures (issue 12), against a running server, in Chromium:
// - a form of 1,000 fields (a sub-table of 200 rows × 5 columns: text, number, amount, a row
//   calculate qty × price, text; summary on the number and amount columns) opened from its record
//   at /previewModel?id=…&record=…: time to interactive after navigation (the form painted with
//   its summary over all 200 rows, and no long task running after it), and keystroke-to-paint
//   latency while typing in a text cell and in a number cell (which the row's calculate and the
//   summary read): keydown → the frame after it, p50 / p95 / max;
// - JavaScript (gzip, as transferred; and decoded) loaded for the designer page
//   (/onlineDev/webDesign?design=…) and for a page that shows one form (/previewModel?id=…),
//   each in a fresh page signed in; and whether /home downloads any low-code chunk (it must not).
// Goals: ≤ 1 s to interactive, ≤ 50 ms per keystroke.
import { isMain, runAlone } from './alone.mjs';
import { apiToken } from './common.mjs';

const ROWS = Number(process.env.BENCH_FORM_ROWS || 200);
const KEYS = 30;
/** navigations timed; the median is reported */
const RUNS = 5;
const kb = (n) => Math.round((n / 1024) * 10) / 10;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const r1 = (n) => Math.round(n * 10) / 10;

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json.data;
}

const col = (key, vModel, label, formId, extra = {}) => ({
  __config__: { jnpfKey: key, label, formId, span: 24, required: false, ...(extra.config ?? {}) },
  __vModel__: vModel,
  ...(extra.props ?? {}),
});

/** The 1,000-field form: one sub-table of 5 columns (a row calculate among them), summary on. */
function bigForm() {
  return {
    popupType: 'fullScreen',
    labelWidth: 100,
    fields: [
      {
        __config__: {
          jnpfKey: 'table',
          label: '灯具清单',
          formId: 1,
          tableName: 'bench_lamps',
          children: [
            col('input', 'name', '灯具名称', 2),
            col('inputNumber', 'qty', '数量', 3, { props: { min: 0, precision: 0 } }),
            col('JNPFAmount', 'price', '单价', 4, { props: { min: 0, precision: 2 } }),
            col('calculate', 'amount', '金额', 5, {
              props: {
                expression: [
                  { __vModel__: 'lamps.qty', label: '数量' },
                  '×',
                  { __vModel__: 'lamps.price', label: '单价' },
                ],
                precision: 2,
                isStorage: 0,
              },
            }),
            col('input', 'note', '备注', 6),
          ],
        },
        __vModel__: 'lamps',
        showSummary: true,
        summaryField: ['qty', 'price', 'amount'],
      },
    ],
  };
}

async function makeModel(base, token) {
  const stamp = Date.now().toString(36);
  const { id } = await api(base, token, 'POST', '/visualdev/Base', {
    fullName: '千字段表单',
    enCode: `benchForm${stamp}`,
    category: 'dt-visualDevCategory:ops',
    type: 1,
  });
  await api(base, token, 'PUT', `/visualdev/Base/${id}`, {
    fullName: '千字段表单',
    enCode: `benchForm${stamp}`,
    category: 'dt-visualDevCategory:ops',
    type: 1,
    formData: JSON.stringify(bigForm()),
  });
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    name: `LED 路灯 ${i + 1}`,
    qty: (i % 9) + 1,
    price: 120 + (i % 7) * 15.5,
    note: `第 ${i + 1} 行`,
  }));
  const rec = await api(base, token, 'POST', `/visualdev/OnlineDev/${id}`, {
    data: JSON.stringify({ lamps: rows }),
  });
  const qty = rows.reduce((a, r) => a + r.qty, 0);
  return { modelId: id, recordId: rec.id, qtySum: qty };
}

async function signedInPage(browser, base, token) {
  const ctx = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
  });
  await ctx.addInitScript((t) => localStorage.setItem('lighting_token__String', t), token);
  return { ctx, page: await ctx.newPage() };
}

/** Navigation → the 200-row form painted (its summary shows the sum over every row), and the last long task's end. */
async function timeToInteractive(browser, base, token, m) {
  const { ctx, page } = await signedInPage(browser, base, token);
  await page.addInitScript((qtySum) => {
    window.__long = [];
    new PerformanceObserver((l) =>
      l.getEntries().forEach((e) => window.__long.push([e.startTime, e.duration])),
    ).observe({
      type: 'longtask',
      buffered: true,
    });
    const watch = () => {
      const obs = new MutationObserver(() => {
        const s = document.querySelector('[data-testid="summary-lamps-qty"]');
        if (s && s.textContent && s.textContent.replace(/[^\d]/g, '') === String(qtySum)) {
          obs.disconnect();
          requestAnimationFrame(() => setTimeout(() => (window.__shownAt = performance.now()), 0));
        }
      });
      obs.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    };
    if (document.documentElement) watch();
    else document.addEventListener('DOMContentLoaded', watch);
  }, m.qtySum);
  // warm the HTTP cache once (the figure is the form, not the first download of the console)
  await page.goto(`/previewModel?id=${m.modelId}&record=${m.recordId}`);
  await page.waitForFunction(() => typeof window.__shownAt === 'number', null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`/previewModel?id=${m.modelId}&record=${m.recordId}`);
    await page.waitForFunction(() => typeof window.__shownAt === 'number', null, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // a quiet second after the paint: any long task in it delays interactivity
    await page.waitForTimeout(1000);
    runs.push(
      await page.evaluate((recordId) => {
        const shown = window.__shownAt;
        const lastEnd = window.__long.reduce((a, [s, d]) => (s < shown + 1000 ? Math.max(a, s + d) : a), 0);
        const busy = window.__long.reduce((a, [, d]) => a + d, 0);
        // the record's answer: from there on the time is the form's (the console started before it)
        const rec = performance.getEntriesByType('resource').find((e) => e.name.includes(`/${recordId}?`));
        const tti = Math.max(shown, lastEnd);
        return {
          shownMs: shown,
          ttiMs: tti,
          recordAt: rec ? rec.responseEnd : null,
          renderMs: rec ? tti - rec.responseEnd : null,
          longTasks: window.__long.length,
          longTaskMs: busy,
          tasks: window.__long.map(([s, d]) => [Math.round(s), Math.round(d)]),
        };
      }, m.recordId),
    );
  }
  await ctx.close();
  runs.sort((a, b) => a.ttiMs - b.ttiMs);
  const mid = runs[Math.floor((runs.length - 1) / 2)];
  return {
    rows: ROWS,
    fields: ROWS * 5,
    formShownMs: Math.round(mid.shownMs),
    timeToInteractiveMs: Math.round(mid.ttiMs),
    // navigation → the record's answer: the console's own start (host, shared, the remote, sign-in check)
    recordLoadedMs: mid.recordAt === null ? null : Math.round(mid.recordAt),
    // the record's answer → interactive: the form's own part
    formRenderToInteractiveMs: mid.renderMs === null ? null : Math.round(mid.renderMs),
    longTasks: mid.longTasks,
    longTaskTotalMs: Math.round(mid.longTaskMs),
    longTasksAtMs: mid.tasks,
    runsTtiMs: runs.map((r) => Math.round(r.ttiMs)),
  };
}

/** keydown → the frame after it (rAF, then a task), per key typed into one cell. */
async function keystrokes(browser, base, token, m) {
  const { ctx, page } = await signedInPage(browser, base, token);
  await page.goto(`/previewModel?id=${m.modelId}&record=${m.recordId}`);
  await page.getByTestId('summary-lamps-qty').waitFor();
  await page.waitForLoadState('networkidle');
  // keydown → the frame after it (rAF, then a task): the key's effect is on screen by then
  await page.evaluate(() => {
    window.__lat = [];
    document.addEventListener(
      'keydown',
      (e) => {
        const t0 = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - t0), 0));
      },
      true,
    );
  });
  const measure = async (cell, text) => {
    const input = page.getByTestId(cell).locator('input');
    await input.click();
    await input.press('End');
    // the End key's own frame first, then count only the typed keys
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    await page.evaluate(() => (window.__lat = []));
    await page.keyboard.type(text, { delay: 60 });
    await page.waitForFunction((n) => window.__lat.length >= n, text.length);
    const lat = (await page.evaluate(() => window.__lat)).sort((a, b) => a - b);
    return {
      keys: lat.length,
      p50Ms: r1(pct(lat, 50)),
      p95Ms: r1(pct(lat, 95)),
      maxMs: r1(lat[lat.length - 1]),
    };
  };
  const textCell = await measure('cell-lamps-5-name', 'x'.repeat(KEYS));
  const numberCell = await measure('cell-lamps-6-qty', '1234567890'.repeat(KEYS / 10).slice(0, KEYS));
  // the summary followed the typing (the form kept working)
  await page.getByTestId('summary-lamps-qty').waitFor();
  await ctx.close();
  return { textCell, numberCell };
}

/** Scripts a page loaded (Resource Timing): transferred (gzip on the wire) and decoded bytes. */
async function scriptBytes(page) {
  return page.evaluate(() => {
    const js = performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'script' || /\.js(\?|$)/.test(e.name));
    return {
      gzip: js.reduce((a, e) => a + e.transferSize, 0),
      raw: js.reduce((a, e) => a + e.decodedBodySize, 0),
      files: js.length,
      names: js.map((e) => new URL(e.name).pathname),
    };
  });
}

async function pageBytes(browser, base, token, path, ready) {
  const { ctx, page } = await signedInPage(browser, base, token);
  await page.goto(path);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const b = await scriptBytes(page);
  await ctx.close();
  return b;
}

export async function benchForms(base, browser) {
  const token = await apiToken(base);
  const m = await makeModel(base, token);
  const designer = await pageBytes(
    browser,
    base,
    token,
    `/onlineDev/webDesign?design=${m.modelId}`,
    '[data-testid="canvas-item"]',
  );
  const form = await pageBytes(
    browser,
    base,
    token,
    `/previewModel?id=${m.modelId}`,
    '[data-testid="form-renderer"]',
  );
  const home = await pageBytes(browser, base, token, '/home', '[data-testid="home"]');
  const lowcodeOnHome = home.names.filter((n) => n.startsWith('/remotes/lowcode/') || /form|dnd/i.test(n));
  return {
    form1000: await timeToInteractive(browser, base, token, m),
    keystrokeToPaint: await keystrokes(browser, base, token, m),
    js: {
      designerPage: { gzipKB: kb(designer.gzip), rawKB: kb(designer.raw), files: designer.files },
      oneFormPage: { gzipKB: kb(form.gzip), rawKB: kb(form.raw), files: form.files },
      home: {
        gzipKB: kb(home.gzip),
        rawKB: kb(home.raw),
        files: home.files,
        lowcodeOrFormChunks: lowcodeOnHome,
      },
    },
    goals: { timeToInteractiveMs: 1000, keystrokeMs: 50 },
  };
}

// Alone: `node e2e/bench/forms.mjs` starts a scratch server (a 3,000-asset city) and prints JSON.
if (isMain(import.meta.url)) await runAlone('forms', '8193', benchForms);
