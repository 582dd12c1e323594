// Three languages, everywhere (issue 17): every main page walked in English, Traditional and
// Simplified Chinese — in the console (one sign-in, the language chosen in the navbar), in every
// remote's kiosk shell and on /login (the browser's language) — failing on visible text in the wrong
// script: menus, breadcrumb, tabs, navbar, window title, placeholders, tooltips, aria-labels, the
// server's words where the page shows them, and the pages themselves.
//
// The walk runs after other tests in the suite, so the state differs from a fresh city: the admin
// has signed in before (the last-login notice and its place show), others may have added menus,
// users, notices and dictionary items. It signs in once through the API first, so that state is
// always the one walked.
//
// What is allowed, and why (the data a user typed, which no translation can touch):
// - table body rows (.ant-table-tbody): records people entered — names, addresses, titles;
// - data trees (.ant-tree): organisations, departments and areas as the administrator named them;
// - the signed-in user's name in the navbar;
// - [data-user-text]: the elements a page marks as holding people's own words — notice, message,
//   plan and feedback titles on /home, contacts' names and departments, a profile's organisation,
//   position and roles, a flow's name and category, a menu entry an administrator added or renamed;
// - the labels a designer typed into a low-code model or report (the field, column and filter
//   names of the /dynamicModel pages), read from the API: they are cut out of a text before it is
//   checked, so the words we put around them ('Enter …', '請選擇…') are still checked.
// Data values from dictionaries (districts, cable and fault types, gender…) are not allowed: they
// show their translation. Charts drawn on a canvas are checked through their aria-label, which
// names what they draw (shared/src/charts/chartSummary.ts).
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { apiToken, signIn } from './helpers';
import { closeOtherTabs, CONSOLE_PAGES, go, KIOSKS, PUBLIC_PAGES, settled } from './page-walk';

type Lang = 'zh' | 'zhtw' | 'en';

const ALLOWED = [
  '.ant-table-tbody',
  '.ant-tree',
  '[data-testid="user-menu"]',
  '[data-testid="standalone-user"]',
  '[data-user-text]',
  // the map SDK's "Powered by Esri" attribution stays as Esri writes it (its terms)
  '.esri-attribution',
];

/** Han characters and CJK punctuation / full-width forms: none belongs on an English page. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;

/**
 * Common simplified characters whose traditional form differs (这 這, 们 們, 数 數 …): any of them
 * on a Traditional page is an untranslated simplified string.
 */
const SIMPLIFIED_ONLY =
  '们这个来时为说国对会发后过还动实现开关门问间见让认记设请进连选项页显数据统计报维单态级区划户权组织岗节点线缆灯电图码号务导结构证录览载删编辑输类启复审办总闭锁语换标签资产护条详细无给处应该与从业车长义书询状运营测监历经纬钮键传仅网络库档归样变边机专费试验达择';
const SIMPLIFIED = new RegExp(`[${SIMPLIFIED_ONLY}]+`, 'g');

/**
 * English on a Chinese page: two English words in a row, or one of the words a control says
 * (Close, Search …). Codes, units and names (IP, URL, Open311, GET, kWh, enCodes) are single
 * tokens and pass.
 */
const ENGLISH =
  /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b|\b(?:close|search|cancel|save|delete|edit|add|submit|reset|more|loading|refresh|back|next|previous|page|items|total|select|open|expand|collapse|left|right|sky|blue|purple|green|yellow|orange|red|place|time)\b/gi;

const WRONG: Record<Lang, RegExp> = { en: CJK, zhtw: SIMPLIFIED, zh: ENGLISH };

/** Visible text of the page outside the allowed data, one string per text node or label. */
function visibleTexts(page: Page, lang: Lang): Promise<string[]> {
  return page.evaluate(
    ({ allowed, lang }) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim();
        const el = n.parentElement;
        if (!text || !el || el.closest('script, style, noscript')) continue;
        if (allowed.some((sel) => el.closest(sel))) continue;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        out.push(text);
      }
      // labels a person reads without seeing them as text: tooltips' sources and screen-reader names
      for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')) {
        if (allowed.some((sel) => el.closest(sel)) || !el.checkVisibility()) continue;
        // antd's icons are named by their English file name (aria-label="close"); a Chinese
        // page reads them in English, as every antd app does: not ours to translate
        const icon = el.matches('.anticon[role="img"]');
        for (const a of ['aria-label', 'placeholder', 'title']) {
          if (icon && a === 'aria-label' && lang !== 'en') continue;
          const v = el.getAttribute(a)?.trim();
          if (v) out.push(`${a}=${v}`);
        }
      }
      out.push(`document.title=${document.title}`);
      return out;
    },
    { allowed: ALLOWED, lang },
  );
}

/** Labels designers typed, longest first (filled by `loadDesignerLabels`). */
let designerLabels: string[] = [];

/**
 * Every `label` a designer typed in the low-code models' form and list JSON and the data
 * reports' configurations, as the API returns them.
 */
async function loadDesignerLabels(request: APIRequestContext, token: string): Promise<void> {
  const get = async (url: string): Promise<unknown> => {
    const res = await request.get(`/api${url}`, { headers: { Authorization: token } });
    const body = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(body.code, `${url}: ${body.msg}`).toBe(200);
    return body.data;
  };
  const labels = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (/^\s*[[{]/.test(v))
        try {
          walk(JSON.parse(v));
        } catch {
          /* not JSON: a plain string */
        }
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'label' && typeof x === 'string' && x.trim()) labels.add(x.trim());
        else walk(x);
      }
  };
  const ids = (data: unknown): string[] => {
    const list = (data as { list?: Array<{ id: string }> } | null)?.list ?? [];
    return list.map((x) => x.id);
  };
  for (const id of ids(await get('/visualdev/Base?currentPage=1&pageSize=100')))
    walk(await get(`/visualdev/Base/${id}`));
  for (const id of ids(await get('/visualdev/Report?currentPage=1&pageSize=100')))
    walk(await get(`/visualdev/Report/${id}`));
  designerLabels = [...labels].sort((a, b) => b.length - a.length);
  expect(designerLabels.length, 'the seeded models and reports have labels').toBeGreaterThan(0);
}

/** The texts in the wrong script, each with where it was found. */
async function wrongTexts(page: Page, lang: Lang, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const shown of await visibleTexts(page, lang)) {
    // a designer's labels are data on the low-code pages
    const text = where.includes('/dynamicModel/')
      ? designerLabels.reduce((t, l) => t.split(l).join(' '), shown)
      : shown;
    const hits = text.match(WRONG[lang]);
    if (hits) found.push(`${lang} ${where}: ${hits.join(' ')} ← “${shown.slice(0, 80)}”`);
  }
  return found;
}

/**
 * The texts in the wrong script once the page has loaded what it translates: dictionary names
 * arrive after the page shows (a widget asks for its dictionary's translations when the language
 * changes), so the check is repeated until nothing is wrong or 10 s have passed, and what is still
 * wrong then is reported.
 */
async function wrongTextsSettled(page: Page, lang: Lang, where: string): Promise<string[]> {
  let last: string[] = [];
  await expect
    .poll(async () => (last = await wrongTexts(page, lang, where)).length, { timeout: 10_000 })
    .toBe(0)
    .catch(() => undefined);
  return last;
}

async function chooseLanguage(page: Page, lang: Lang) {
  await page.getByTestId('language-select').click();
  await page.getByTestId(`lang-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
}

const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', zhtw: 'zh-TW', en: 'en' };
const LANG_NAME: Record<Lang, string> = {
  zh: 'Simplified Chinese',
  zhtw: 'Traditional Chinese',
  en: 'English',
};
/** A browser whose language is `lang` (the console's choice when none is stored). */
const BROWSER_LOCALE: Record<Lang, string> = { zh: 'zh-CN', zhtw: 'zh-TW', en: 'en-US' };

// One walk per language, side by side on the workers (each walk is thirty pages, five of them maps:
// one test for the three took eight minutes on one worker while the other waited).
test.describe('every console page speaks its language: menus, titles, pages', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const lang of ['en', 'zhtw', 'zh'] as const)
    test(`every console page speaks ${LANG_NAME[lang]}`, async ({ page }) => {
      test.setTimeout(300_000); // about thirty pages, five of them maps, on a loaded machine
      // an earlier sign-in: the notice and its place show, as after other tests
      await loadDesignerLabels(page.request, await apiToken(page));
      await signIn(page);
      await expect(page.getByTestId('side-menu')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      // the walk in Chinese comes back from another language, as a user switching back would
      await chooseLanguage(page, lang === 'zh' ? 'en' : lang);
      if (lang === 'zh') await chooseLanguage(page, 'zh');

      const found: string[] = [];
      for (const path of CONSOLE_PAGES) {
        const t0 = Date.now();
        // a page that does not show is reported with the rest, so one run lists every problem
        const shown = await go(page, path).then(
          () => true,
          (e: unknown) => found.push(`${lang} ${path}: did not show: ${String(e).split('\n')[0]}`) < 0,
        );
        if (!shown) continue;
        if (process.env.WALK_TIMES) console.log(lang, path, Date.now() - t0);
        found.push(...(await wrongTextsSettled(page, lang, path)));
        await closeOtherTabs(page);
      }
      // the page a menu does not name: not found (outside the layout)
      await page.goto('/404');
      await settled(page);
      found.push(...(await wrongTextsSettled(page, lang, '/404')));
      expect([...new Set(found)]).toEqual([]);
    });
});

test("the server's messages speak the console's language: a success and a refusal, in English and Traditional Chinese", async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  const toasts = page.locator('.ant-message-notice');
  for (const [lang, done, refused] of [
    ['en', 'All marked as read', /^Permission denied: missing menu /],
    ['zhtw', '已全部標記為已讀', /^權限不足: 缺少菜單 /],
  ] as const) {
    await chooseLanguage(page, lang);
    // a success the page toasts as the server worded it (the message drawer's mark all read)
    await page.getByTestId('message-bell').click();
    await page.getByTestId('message-read-all').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect(toasts.filter({ hasText: done })).toBeVisible();
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
    // a refusal, asked in the console's language
    const operator = await apiToken(page, 'operator');
    const denied = await page.request.get('/api/system/Permission/Users', {
      headers: { Authorization: operator, 'Accept-Language': HTML_LANG[lang] },
    });
    expect((await denied.json()).msg).toMatch(refused);
  }
  await chooseLanguage(page, 'zh');
});

/**
 * A fresh browser in `lang`: a page opened there shows the console in that language from the
 * first paint (sign-in page included).
 */
async function browserIn(browser: Browser, lang: Lang, baseURL: string | undefined) {
  const context = await browser.newContext({ locale: BROWSER_LOCALE[lang], baseURL });
  return context.newPage();
}

for (const lang of ['en', 'zhtw'] as const) {
  test(`signing in in ${lang}: the sign-in page, the last-login notice with its place and close button, the profile`, async ({
    browser,
    baseURL,
  }) => {
    const page = await browserIn(browser, lang, baseURL);
    // The notice lives 2 s: the page records each one it shows (title, text, close button's label)
    await page.addInitScript(() => {
      const w = window as unknown as { __notices: string[] };
      w.__notices = [];
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="login-notice"]');
        const notice = el?.closest('.ant-notification-notice');
        if (!el || !notice) return;
        const title = notice.querySelector('.ant-notification-notice-title')?.textContent ?? '';
        const close = notice.querySelector('.ant-notification-notice-close')?.getAttribute('aria-label');
        const seen = `${title} | ${el.textContent ?? ''} | ${close ?? ''}`;
        if (w.__notices[w.__notices.length - 1] !== seen) w.__notices.push(seen);
      }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    const found = await wrongTextsSettled(page, lang, '/login');

    await apiToken(page); // an earlier sign-in, so this one has a previous login
    await signIn(page);
    await expect(page.getByTestId('home')).toBeVisible();
    const place = lang === 'en' ? 'Local network' : '本地區域網路';
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices))
      .toEqual([
        lang === 'en'
          ? expect.stringMatching(new RegExp(`^Last sign-in \\| .*${place}.* \\| Close$`))
          : expect.stringMatching(new RegExp(`^上次登錄 \\| .*${place}.* \\| 關閉$`)),
      ]);
    await go(page, '/profile');
    await expect(page.getByTestId('profile-page').getByText(place)).toBeVisible();
    found.push(...(await wrongTextsSettled(page, lang, '/profile')));
    // the sign-in log: the summary and the place the server wrote, in the page's language
    await page.getByRole('tab', { name: lang === 'en' ? 'System log' : '系統日誌' }).click();
    const lastSignIn = page.getByTestId('profile-log').locator('.ant-table-tbody tr').first();
    await expect(lastSignIn).toContainText(lang === 'en' ? 'Signed in' : '登錄成功');
    await expect(lastSignIn).toContainText(place);
    // the operator's guide the navbar opens: its pages and window title in the console's language
    const help = await page.getByTestId('docs-entry').getAttribute('href');
    await page.goto(String(help));
    await expect(page).toHaveTitle(lang === 'en' ? /^Operator guide - / : /^操作手冊 - /);
    found.push(...(await wrongTextsSettled(page, lang, String(help))));
    expect(found).toEqual([]);
    await page.context().close();
  });
}

test("every kiosk app's shell (a remote alone at /remotes/<name>/) and the citizens' pages speak English and Traditional Chinese", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const found: string[] = [];
  for (const lang of ['en', 'zhtw'] as const) {
    const page = await browserIn(browser, lang, baseURL);
    if (lang === 'en') await loadDesignerLabels(page.request, await apiToken(page));
    for (const name of KIOSKS) {
      await page.goto(`/remotes/${name}/`);
      const app = page.getByTestId(`standalone-${name}`);
      await expect(page.getByTestId('login-account').or(app)).toBeVisible();
      if (await page.getByTestId('login-account').isVisible()) {
        found.push(...(await wrongTextsSettled(page, lang, `/remotes/${name}/ sign-in`)));
        await page.getByTestId('login-account').fill('admin');
        await page.getByTestId('login-password').fill('admin123');
        await page.getByTestId('login-submit').click();
      }
      await expect(app).toBeVisible();
      // its shell (top bar, the menu naming every page, sign-out) on its first page: the pages
      // themselves are the console's, walked above in all three languages
      const links = app.locator('.ant-menu a[href]');
      await expect(links.first()).toBeAttached();
      const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
      for (const href of hrefs.slice(0, 1)) {
        await page.goto(href);
        await expect(app).toBeVisible();
        await settled(page, app.locator('.ant-layout-content'));
        found.push(...(await wrongTextsSettled(page, lang, href)));
      }
    }
    // the citizens' pages (the citizen remote's kiosk app is these pages)
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      found.push(...(await wrongTextsSettled(page, lang, path)));
    }
    await page.context().close();
  }
  expect([...new Set(found)]).toEqual([]);
});

/** What a date range picker's open panel shows: its month headers and its weekday row. */
async function pickerPanel(page: Page, opener: ReturnType<Page['getByTestId']>) {
  await opener.first().click();
  const panel = page.locator('.ant-picker-dropdown:visible');
  await expect(panel.locator('.ant-picker-content thead th').first()).toBeVisible();
  const shown = {
    headers: await panel.locator('.ant-picker-header-view').allTextContents(),
    days: await panel.locator('.ant-picker-content').first().locator('thead th').allTextContents(),
  };
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  return shown;
}

/** Months and weekdays in each language (zh-CN weeks start on Monday, zh-TW and en on Sunday). */
const PICKER: Record<Lang, { header: RegExp; days: string[] }> = {
  zh: { header: /^\d{4}年\d{1,2}月$/, days: ['一', '二', '三', '四', '五', '六', '日'] },
  zhtw: { header: /^\d{4}年\d{1,2}月$/, days: ['日', '一', '二', '三', '四', '五', '六'] },
  en: {
    header: /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\d{4}$/,
    days: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
  },
};

test("a date picker's panel speaks the console's language (months, weekdays), in the console and in a kiosk app", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  for (const lang of ['zh', 'zhtw', 'en'] as const) {
    const page = await browserIn(browser, lang, baseURL);
    const token = await apiToken(page);
    await page.addInitScript((t) => localStorage.setItem('lighting_token__String', t), token);
    // the console: the to-do list's date range (the workflow remote's page in the host)
    await page.goto('/workFlow/flowTodo');
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
    const inConsole = await pickerPanel(page, page.getByTestId('flow-todo-list').getByTestId('filter-range'));
    // the same page in the workflow remote's kiosk app (its own antd and dayjs)
    await page.goto('/remotes/workflow/');
    const app = page.getByTestId('standalone-workflow');
    await expect(app).toBeVisible();
    const todo = app.locator('.ant-menu a[href*="flowTodo"]').first();
    await page.goto(await todo.evaluate((a) => (a as HTMLAnchorElement).pathname));
    const inKiosk = await pickerPanel(page, app.getByTestId('flow-todo-list').getByTestId('filter-range'));
    for (const [where, shown] of [
      ['console', inConsole],
      ['kiosk', inKiosk],
    ] as const) {
      expect(shown.headers.length, `${lang} ${where}`).toBeGreaterThan(0);
      for (const h of shown.headers) expect(h, `${lang} ${where}`).toMatch(PICKER[lang].header);
      expect(shown.days, `${lang} ${where}`).toEqual(PICKER[lang].days);
    }
    await page.context().close();
  }
});
