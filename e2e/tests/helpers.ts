import { expect, type Page } from '@playwright/test';
import SparkMD5 from 'spark-md5';
import { installReactCounter as countRenderers } from '../react-counter.mjs';

export const ACCOUNTS = {
  admin: 'admin123',
  operator: 'operator123',
  manager: 'manager123',
  // the district operator (data permissions: the lighting map of 东城区 only)
  east: 'east123',
  // the crew leader (data permissions: the repair orders of 抢修一队 only)
  crew1: 'crew123',
} as const;
export type Account = keyof typeof ACCOUNTS;

/** Signs in through the real login form. */
export async function signIn(page: Page, account: Account = 'admin', path = '/login') {
  await page.goto(path);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(ACCOUNTS[account]);
  await page.getByTestId('login-submit').click();
}

/** A token obtained from the API directly (for the query-token sign-in). */
export async function apiToken(page: Page, account: Account = 'admin'): Promise<string> {
  const res = await page.request.post(
    '/api/oauth/Login?client_id=admin&client_secret=123456&scope=all&grant_type=password',
    {
      data: { account, password: SparkMD5.hash(ACCOUNTS[account]) },
    },
  );
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(200);
  return body.data.token;
}

/** Opens a side-menu entry by its section and page titles. */
export async function openMenu(page: Page, section: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const link = menu.getByRole('link', { name: item, exact: true });
  if (!(await link.isVisible())) await menu.getByText(section, { exact: true }).click();
  // a page of the console (not an entry opening in a window of its own, as the wall does)
  const href = (await link.getAttribute('target')) === '_blank' ? null : await link.getAttribute('href');
  // the section's list slides open under the pointer: a click that landed while it moved (a slow
  // machine) did not reach the link, so the page is checked and the link clicked again, as a user would
  await expect(async () => {
    await link.click({ timeout: 5_000 });
    if (href) await expect(page).toHaveURL((url) => url.pathname === href, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Counts React renderers on the page (see ../react-counter.mjs). */
export async function installReactCounter(page: Page) {
  await page.addInitScript(countRenderers);
}

export const reactRenderers = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reactRenderers?: string[] }).__reactRenderers ?? []);
