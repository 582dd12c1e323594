// Three languages, everywhere (issue 17): one sign-in, then the main pages walked in English and in
// Traditional Chinese, failing on visible text in the wrong script — menus, breadcrumb, tabs,
// navbar, window title and the pages themselves.
//
// What is allowed, and why (the data a user typed, which no translation can touch):
// - table body rows (.ant-table-tbody): records people entered — names, addresses, titles;
// - data trees (.ant-tree): organisations, departments and areas as the administrator named them;
// - the signed-in user's name in the navbar;
// - [data-user-text]: the elements a page marks as holding people's own words — notice, message,
//   plan and feedback titles on /home, contacts' names and departments, a profile's organisation,
//   position and roles, a flow's name and category.
// Data values from dictionaries (districts, cable and fault types, gender…) are not allowed: they
// show their translation.
import { expect, test, type Page } from './fixtures';
import { signIn } from './helpers';

/** The main pages: every section's list or work page, the host's own pages. */
const ROUTES = [
  '/home',
  '/bt/map/fault',
  '/bt/map/repair',
  '/bt/citizen/feedback',
  '/permission/organize',
  '/permission/user',
  '/permission/role',
  '/system/notice',
  '/system/log',
  '/systemData/dictionary',
  '/onlineDev/webDesign',
  '/workFlow/flowLaunch',
  '/workFlow/flowTodo',
  '/chat/contacts',
  '/messageRecord',
  '/profile',
];

const ALLOWED = ['.ant-table-tbody', '.ant-tree', '[data-testid="user-menu"]', '[data-user-text]'];

/** Han characters and CJK punctuation / full-width forms: none belongs on an English page. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;

/**
 * Common simplified characters whose traditional form differs (这 這, 们 們, 数 數 …): any of them
 * on a Traditional page is an untranslated simplified string.
 */
const SIMPLIFIED_ONLY =
  '们这个来时为说国对会发后过还动实现开关门问间见让认记设请进连选项页显数据统计报维单态级区划户权组织岗节点线缆灯电图码号务导结构证录览载删编辑输类启复审办总闭锁语换标签资产护条详细无给处应该与从业车长义书询状运营测监历经纬钮键传仅网络库档归样变边机专费试验达择';
const SIMPLIFIED = new RegExp(`[${SIMPLIFIED_ONLY}]+`, 'g');

/** Visible text of the page outside the allowed data, one string per text node. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate((allowed) => {
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
      for (const a of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(`${a}=${v}`);
      }
    }
    out.push(`document.title=${document.title}`);
    return out;
  }, ALLOWED);
}

/** Client-side navigation (the router listens to popstate): no reload, one sign-in for the walk. */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const shown = page.locator(`[data-tab-page="${path}"]`);
  await expect(shown).toBeVisible();
  // the page has drawn (something in it) and finished loading (no spinner or skeleton left)
  await expect(shown.locator(':scope > *').first()).toBeVisible();
  await expect(shown.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
}

async function walk(page: Page, wrong: RegExp): Promise<string[]> {
  const found: string[] = [];
  for (const path of ROUTES) {
    await go(page, path);
    for (const text of await visibleTexts(page)) {
      const hits = text.match(wrong);
      if (hits) found.push(`${path}: ${hits.join(' ')} ← “${text.slice(0, 80)}”`);
    }
  }
  return [...new Set(found)];
}

async function chooseLanguage(page: Page, lang: 'zh' | 'zhtw' | 'en', htmlLang: string) {
  await page.getByTestId('language-select').click();
  await page.getByTestId(`lang-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
}

test('every main page speaks English, then Traditional Chinese, in menus, titles and pages', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await chooseLanguage(page, 'en', 'en');
  expect(await walk(page, CJK)).toEqual([]);

  await chooseLanguage(page, 'zhtw', 'zh-TW');
  expect(await walk(page, SIMPLIFIED)).toEqual([]);

  // back to the default for the other tests (the choice is remembered in this browser only)
  await chooseLanguage(page, 'zh', 'zh-CN');
});
