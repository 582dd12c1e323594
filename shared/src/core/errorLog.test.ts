import {
  describeError,
  ERROR_LIMITS,
  errorKey,
  isNoiseError,
  recordError,
  stackTop,
  urlPath,
  type ErrorEntry,
  type ErrorInput,
} from './errorLog';

const V8 = `TypeError: Cannot read properties of undefined (reading 'x')
    at Panel (http://h/remotes/map/page.1a2b3c4d5e.js:1:2345)
    at renderWithHooks (http://h/shared.js:1:99)`;
const FIREFOX = `Panel@http://h/remotes/map/page.1a2b3c4d5e.js:1:2345
renderWithHooks@http://h/shared.js:1:99`;

const err = (over: Partial<ErrorInput> = {}): ErrorInput => ({
  message: "Cannot read properties of undefined (reading 'x')",
  stack: V8,
  url: 'http://h/bt/map/fault?tab=1#top',
  source: 'error',
  app: 'map',
  ...over,
});

describe('the parts of an error key', () => {
  it('keeps only the path of a URL (a query can hold a token)', () => {
    expect(urlPath('http://h:8080/dv/view/screen-city?token=abc#x')).toBe('/dv/view/screen-city');
    expect(urlPath('/system/log?x=1')).toBe('/system/log');
    expect(urlPath('')).toBe('/');
  });

  it('finds the top frame of V8 and Firefox stacks', () => {
    expect(stackTop(V8)).toBe('at Panel (http://h/remotes/map/page.1a2b3c4d5e.js:1:2345)');
    expect(stackTop(FIREFOX)).toBe('Panel@http://h/remotes/map/page.1a2b3c4d5e.js:1:2345');
    expect(stackTop('Error: no frames')).toBe('');
    expect(stackTop(undefined)).toBe('');
  });

  it('is message + top frame + path: the query, the rest of the stack and the source do not count', () => {
    const a = errorKey(err());
    expect(errorKey(err({ url: 'http://h/bt/map/fault?tab=2' }))).toBe(a);
    expect(errorKey(err({ stack: `${V8}\n    at other (x.js:1:1)` }))).toBe(a);
    expect(errorKey(err({ message: 'another' }))).not.toBe(a);
    expect(errorKey(err({ url: '/bt/map/assets' }))).not.toBe(a);
    expect(errorKey(err({ stack: FIREFOX.replace('2345', '2346') }))).not.toBe(a);
  });
});

describe('recordError (the dedup rule)', () => {
  it('counts a repeat on its entry, with first and last seen, instead of adding it', () => {
    let list: ErrorEntry[] = [];
    for (let t = 1; t <= 1000; t++) list = recordError(list, err({ url: `/bt/map/fault?n=${t}` }), t).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ count: 1000, firstSeen: 1, lastSeen: 1000, path: '/bt/map/fault' });
  });

  it('keeps different errors apart, newest first, and drops the oldest past the limit', () => {
    let list: ErrorEntry[] = [];
    list = recordError(list, err({ message: 'a' }), 1).list;
    list = recordError(list, err({ message: 'b' }), 2).list;
    list = recordError(list, err({ message: 'a' }), 3).list;
    expect(list.map((e) => [e.message, e.count])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    for (let i = 0; i < 10; i++) list = recordError(list, err({ message: `m${i}` }), 10 + i, 5).list;
    expect(list.map((e) => e.message)).toEqual(['m9', 'm8', 'm7', 'm6', 'm5']);
  });

  it('keeps the component stack once known and bounds every string', () => {
    const first = recordError([], err({ source: 'react', componentStack: '\n    at Panel' }), 1).list;
    const again = recordError(first, err({ source: 'react' }), 2);
    expect(again.entry.componentStack).toBe('\n    at Panel');
    const huge = recordError(
      [],
      err({ message: 'x'.repeat(9000), stack: 'y'.repeat(9000), url: `/${'z'.repeat(900)}` }),
      1,
    ).entry;
    expect(huge.message).toHaveLength(ERROR_LIMITS.message);
    expect(huge.stack).toHaveLength(ERROR_LIMITS.stack);
    expect(huge.path).toHaveLength(ERROR_LIMITS.url);
  });
});

describe('describeError', () => {
  it('reads errors, strings and anything else thrown', () => {
    const e = new TypeError('bad');
    expect(describeError(e)).toEqual({ message: 'bad', stack: e.stack });
    expect(describeError('plain')).toEqual({ message: 'plain', stack: '' });
    expect(describeError({ code: 1 })).toEqual({ message: '{"code":1}', stack: '' });
    expect(describeError(undefined).message).toBe('Unknown error');
  });

  it('leaves out browser notices that are not errors', () => {
    expect(isNoiseError('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(isNoiseError('Script error.')).toBe(true);
    expect(isNoiseError('TypeError: x')).toBe(false);
  });
});

describe('what is stored', () => {
  it('replaces characters the server refuses, even where clipping broke a pair', () => {
    const e = recordError([], err({ message: `a\u0000b\u202Ec${'x'.repeat(494)}😀` }), 1).entry;
    expect(e.message.startsWith('a\uFFFDb\uFFFDc')).toBe(true);
    expect(e.message.endsWith('\uFFFD')).toBe(true);
    expect(e.message).toHaveLength(ERROR_LIMITS.message);
  });
});
