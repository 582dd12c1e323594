// The shared contract (issue 27 items 7 and 8): a remote built for an incompatible major of
// @lighting/shared is refused with a panel inside the layout (which remote, what it needs, what the
// console offers, no Retry), none of its code is fetched, and the other remotes keep working.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { openMenu, signIn } from './helpers';

/** The contract the console offers: shared's version (what CONTRACT_VERSION is built from). */
const OFFERED = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'shared', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

test('a remote that needs another major of the contract is refused with a panel; the rest works', async ({
  page,
}) => {
  let declared: unknown = null;
  // the workflow team's next build: the same remote, built for contract 2.x
  await page.route('**/remotes/workflow/mf-manifest.json*', async (route) => {
    const res = await route.fetch();
    const manifest = (await res.json()) as { metaData: { contract?: { name: string; range: string } } };
    declared = manifest.metaData.contract;
    manifest.metaData.contract = { name: '@lighting/shared', range: '^2.0.0' };
    await route.fulfill({ response: res, json: manifest });
  });
  const workflowCode: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.includes('/remotes/workflow/') && !url.includes('mf-manifest.json')) workflowCode.push(url);
  });

  await signIn(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await openMenu(page, '工作流程', '发起流程');
  const panel = page.getByTestId('remote-incompatible');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('该模块与本控制台的版本不兼容');
  await expect(panel).toContainText(
    `模块 workflow 需要共享契约 @lighting/shared ^2.0.0，本控制台提供的是 ${OFFERED}`,
  );
  await expect(page.getByTestId('remote-retry')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // the real build declares the range in its package.json (build/webpack.app.cjs publishes it)
  expect(declared).toEqual({ name: '@lighting/shared', range: '^1.0.0' });
  // refused before its remoteEntry.js or any chunk was requested
  expect(workflowCode).toEqual([]);

  // the other remotes keep working
  await openMenu(page, '即时通讯', '通讯录');
  await expect(page.getByTestId('chat-contacts')).toBeVisible();
  await openMenu(page, '权限管理', '用户管理');
  await expect(page.getByTestId('user-list')).toBeVisible();
});
