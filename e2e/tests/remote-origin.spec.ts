// Independent remotes (issue 27 item 8): the workflow team serves its remote from its own origin
// (a second HTTP server on another port, CORS and cache headers as README says), the worker's
// remotes.json points at it, and the console opens its pages through the menu with the console's
// own data. The team then rolls forward to another release at another address and back by editing
// remotes.json while the console is open: pages already open keep working on the release they were
// loaded from; the next workflow page opened is the release the registry names now.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { openMenu, signIn } from './helpers';
import { startRemoteOrigin } from './remote-origin';

const DIST = join(__dirname, '..', '..', 'remote-workflow', 'dist');

/**
 * Release 2.0.0: the built 1.0.0 with what a `RELEASE=2.0.0` build changes (its chunk-loading
 * global, build/webpack.app.cjs) and one harmless difference a test can see: the task lists' test id
 * carries the release (TaskList's `flow-<kind>-list`).
 */
function makeRelease2(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  let marked = 0;
  for (const f of readdirSync(to).filter((n) => n.endsWith('.js'))) {
    const text = readFileSync(join(to, f), 'utf8');
    const next = text
      .replaceAll('webpackChunklighting_workflow_1_0_0', 'webpackChunklighting_workflow_2_0_0')
      .replace(/testId:`flow-\$\{(\w+)\}-list`/g, (_m, v: string) => {
        marked += 1;
        return `testId:\`flow-\${${v}}-list-2.0.0\``;
      });
    if (next !== text) writeFileSync(join(to, f), next);
  }
  if (marked === 0) throw new Error('release 2.0.0: the task list was not found in the build');
}

test('a remote served from its own origin works, and rolls forward and back while the console is open', async ({
  page,
  server,
}) => {
  test.skip(!server.remotesFile, "needs the worker's own remotes.json (E2E_REMOTES_FILE)");
  const remotesFile = server.remotesFile as string;
  const original = readFileSync(remotesFile, 'utf8');
  const root = mkdtempSync(join(tmpdir(), 'remote-origin-'));
  cpSync(DIST, join(root, 'workflow', '1.0.0'), { recursive: true });
  makeRelease2(join(root, 'workflow', '1.0.0'), join(root, 'workflow', '2.0.0'));
  const team = await startRemoteOrigin(root, server.baseURL);
  const pointAt = (release: string): void => {
    const registry = JSON.parse(original) as { remotes: { name: string; entry: string }[] };
    const workflow = registry.remotes.find((r) => r.name === 'workflow');
    if (!workflow) throw new Error('no workflow remote in remotes.json');
    workflow.entry = `${team.origin}/workflow/${release}/mf-manifest.json`;
    writeFileSync(remotesFile, JSON.stringify(registry));
  };
  const fromConsole: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${server.baseURL}/remotes/workflow/`)) fromConsole.push(r.url());
  });
  const release = (v: string) => team.requests.filter((p) => p.startsWith(`/workflow/${v}/`));
  try {
    pointAt('1.0.0');
    await signIn(page);
    await expect(page.getByTestId('home')).toBeVisible();

    // 1. through the menu, from the other origin, with the console's data
    await openMenu(page, '工作流程', '发起流程');
    const launch = page.getByTestId('flow-launch');
    await expect(launch.locator('[data-testid^="launch-"]').first()).toBeVisible();
    expect(release('1.0.0')).toContain('/workflow/1.0.0/remoteEntry.js');
    expect(fromConsole).toEqual([]);
    const manifest = await page.request.get(`${team.origin}/workflow/1.0.0/mf-manifest.json`, {
      headers: { Origin: server.baseURL },
    });
    expect(manifest.headers()['access-control-allow-origin']).toBe(server.baseURL);
    expect(manifest.headers()['cache-control']).toBe('no-cache');

    // 1.0.0's task list, opened and closed again: its chunks stay on the page
    await openMenu(page, '工作流程', '待办事宜');
    await expect(page.getByTestId('flow-todo-list')).toBeVisible();
    await page.locator('[data-testid="tab"][data-path="/workFlow/flowTodo"]').getByTestId('tab-x').click();
    await expect(page.getByTestId('flow-todo-list')).toHaveCount(0);

    // 2. rolled forward while a page is open: the open page keeps working on 1.0.0
    pointAt('2.0.0');
    await openMenu(page, '工作流程', '发起流程');
    await launch.getByRole('tab', { name: '我发起的' }).click();
    await expect(page.getByTestId('flow-mine-list')).toBeVisible();
    expect(release('2.0.0')).toEqual([]);

    // the next workflow page opened is 2.0.0 (its own chunks, though 1.0.0 loaded the same ones)
    await openMenu(page, '工作流程', '待办事宜');
    await expect(page.getByTestId('flow-todo-list-2.0.0')).toBeVisible();
    expect(release('2.0.0')).toContain('/workflow/2.0.0/remoteEntry.js');

    // the 1.0.0 page, still open in its tab (the menu goes back to it), keeps working beside it
    await openMenu(page, '工作流程', '发起流程');
    await launch.getByRole('tab', { name: '发起流程' }).click();
    await expect(launch.locator('[data-testid^="launch-"]').first()).toBeVisible();

    // 3. rolled back: the next workflow page opened is 1.0.0 again
    const before = release('1.0.0').length;
    pointAt('1.0.0');
    await openMenu(page, '工作流程', '已办事宜');
    await expect(page.getByTestId('flow-done-list')).toBeVisible();
    expect(release('1.0.0').slice(before)).toContain('/workflow/1.0.0/remoteEntry.js');
    await expect(page.getByTestId('flow-done-list-2.0.0')).toHaveCount(0);
    expect(fromConsole).toEqual([]);
  } finally {
    writeFileSync(remotesFile, original);
    await team.close();
    rmSync(root, { recursive: true, force: true });
  }
});
