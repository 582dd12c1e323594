import type { ApiAnswer, ApiData, ApiRow, ApiTree } from './index';

// Compile-time checks: the generated types follow the server's schemas (the jest run also type-checks
// nothing at run time; `tsc` over shared/ does). /api/health answers { status: string }.
const health: ApiData<'/api/health', 'get'> = { status: 'ok' };
const answer: ApiAnswer<'/api/health', 'get'> = { code: 200, msg: 'Success', data: health };
// @ts-expect-error: the health answer has no `token`
const wrong: ApiData<'/api/health', 'get'> = { status: 'ok', token: 'x' };

// a tree's node names its children as itself at every depth (the schema describes four levels)
type MenuNode = ApiTree<ApiRow<'/api/system/Menu', 'get'>>;
const deepest = (n: MenuNode): string => n.children.map(deepest).join('') + n.enCode;

describe('API types', () => {
  it('name a call by its path and method', () => {
    expect(answer.data.status).toBe('ok');
    expect(wrong).toBeDefined();
  });

  it('make a tree whole again', () => {
    expect(typeof deepest).toBe('function');
  });
});
