import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Msg } from './envelope';
import { FRAMEWORK_MESSAGES } from './framework-errors';
import { acceptedLanguage, isCatalogued, languageOf, translateMessage } from './messages';
import { MESSAGE_CATALOGUE } from './message-catalogue';
import { Messages } from './validation';

describe('the caller language', () => {
  it('reads Accept-Language by preference among zh, zhtw and en', () => {
    expect(acceptedLanguage('en-US,en;q=0.9')).toBe('en');
    expect(acceptedLanguage('zh-TW')).toBe('zhtw');
    expect(acceptedLanguage('zh-Hant-HK;q=0.8, fr')).toBe('zhtw');
    expect(acceptedLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(acceptedLanguage('fr-FR, en;q=0.5, zh;q=0.7')).toBe('zh');
    expect(acceptedLanguage('fr, de')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
    expect(acceptedLanguage('en;q=0, zh-TW;q=0.1')).toBe('zhtw');
  });

  it("falls back to the session's chosen language; the default answers as written", () => {
    expect(languageOf('zh-CN', 'en')).toBe('zh');
    expect(languageOf(undefined, 'en')).toBe('en');
    expect(languageOf(undefined, 'zhtw')).toBe('zhtw');
    expect(languageOf(undefined, 'zh')).toBeNull();
    expect(languageOf(undefined, null)).toBeNull();
  });
});

describe('translateMessage', () => {
  it('translates fixed messages both ways', () => {
    expect(translateMessage('新建成功', 'en')).toBe('Created');
    expect(translateMessage('更新成功', 'zhtw')).toBe('更新成功');
    expect(translateMessage('账户或密码错误', 'zhtw')).toBe('賬戶或密碼錯誤');
    expect(translateMessage('新建成功', 'zh')).toBe('新建成功');
    expect(translateMessage('must not be empty', 'zh')).toBe('不能为空');
  });

  it('keeps the field and the values, translates the problem', () => {
    expect(translateMessage('enCode: 编码 "a.b" 已存在', 'en')).toBe('enCode: Code "a.b" already exists');
    expect(translateMessage('pageSize: must be ≤ 100', 'zh')).toBe('pageSize: 不能大于 100');
    expect(translateMessage('items[2].qty: 不能为空', 'en')).toBe('items[2].qty: Required');
    expect(translateMessage('该区划下有 3 个下级区划，不能删除', 'en')).toBe(
      'This area has 3 sub-areas and cannot be deleted',
    );
    expect(translateMessage('organizeId: 组织不存在 (o-9)', 'en')).toBe(
      'organizeId: The organization does not exist (o-9)',
    );
  });

  it('translates a message inside a message', () => {
    expect(translateMessage('权限不足: 缺少菜单 permission.user', 'en')).toBe(
      'Permission denied: missing menu permission.user',
    );
    expect(translateMessage('权限不足: 无权使用功能「报修登记」', 'zhtw')).toBe(
      '權限不足: 無權使用功能「报修登记」',
    );
  });

  it('answers what it does not hold as written', () => {
    expect(translateMessage('某个新消息', 'en')).toBe('某个新消息');
    expect(translateMessage('权限不足: 某个新原因', 'en')).toBe('权限不足: 某个新原因');
  });

  it('has three texts in every row, with the same values in each', () => {
    for (const row of MESSAGE_CATALOGUE) {
      expect(row.every((t) => t.trim().length > 0)).toBe(true);
      const values = row.map((t) => [...t.matchAll(/\{(\d+|m)\}/g)].map((m) => m[1]).sort());
      expect(values[1]).toEqual(values[0]);
      expect(values[2]).toEqual(values[0]);
    }
  });
});

/** Every message literal the server's code answers with (the envelope helpers' string arguments). */
function messagesInSource(): Array<{ file: string; text: string }> {
  const root = join(__dirname, '..');
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) files.push(p);
    }
  };
  walk(root);
  const CALL =
    /\b(?:badRequest\(|notFound\(|new (?:ApiError|FrameError)\([^,()]+,|fail\(Code\.\w+,|msg: )\s*('(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)/g;
  const out: Array<{ file: string; text: string }> = [];
  for (const file of files) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(CALL))
      out.push({ file: file.slice(root.length + 1), text: m[1]!.slice(1, -1) });
    // ok(data, 'message') and ok(null, `message`)
    for (const m of src.matchAll(/\bok\([^;]*?,\s*('(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)\s*\)/g))
      out.push({ file: file.slice(root.length + 1), text: m[1]!.slice(1, -1) });
  }
  return out;
}

describe('the catalogue holds every message', () => {
  it('for each message thrown or answered in server/src', () => {
    const missing = messagesInSource()
      // English protocol texts of the Open311 standard and internal errors are not the console's
      .filter(({ file }) => !file.startsWith('public/open311') && !file.startsWith('public/routes-open311'))
      .filter(({ text }) => /[\u4e00-\u9fff]|\bmust\b/.test(text))
      .filter(({ text }) => {
        if (!text.includes('${')) return !isCatalogued(text);
        // a template: each value as a number, a name or a path
        const holes = text.match(/\$\{[^}]*\}/g) ?? [];
        const samples = ['1', '组织', 'a.b'];
        const tries = holes.reduce<string[][]>(
          (acc) => acc.flatMap((a) => samples.map((v) => [...a, v])),
          [[]],
        );
        return !tries.some((values) => {
          let i = 0;
          return isCatalogued(text.replace(/\$\{[^}]*\}/g, () => values[i++]!));
        });
      })
      .map(({ file, text }) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('for the envelope, framework and format messages', () => {
    for (const m of [...Object.values(Msg), ...Object.values(FRAMEWORK_MESSAGES), ...Object.values(Messages)])
      expect([m, isCatalogued(m)]).toEqual([m, true]);
  });
});
