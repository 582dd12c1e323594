import { createField } from './controls';
import {
  dataInterfaceUrl,
  dictionaryOptions,
  interfaceOptions,
  isOptionPath,
  optionIdSet,
  optionLabel,
  optionSource,
  optionSourceKey,
} from './options';

describe('optionSource', () => {
  it('reads static options from the form', () => {
    const f = createField('select', 1);
    expect(optionSource(f)).toEqual({ kind: 'static', options: f.options });
    expect(optionSource(createField('input', 1))).toBeNull();
  });

  it('names the dictionary or the data interface to fetch', () => {
    const dic = createField('select', 1);
    dic.__config__.dataType = 'dictionary';
    dic.__config__.dictionaryType = 'urgency';
    expect(optionSource(dic)).toEqual({
      kind: 'dictionary',
      type: 'urgency',
      props: { label: 'fullName', value: 'id', children: 'children' },
    });
    const dyn = createField('treeSelect', 1);
    dyn.__config__.dataType = 'dynamic';
    dyn.__config__.propsUrl = 'abc/1';
    dyn.__config__.props = { label: 'name', value: 'code' };
    const req = optionSource(dyn);
    expect(req).toEqual({
      kind: 'dynamic',
      interfaceId: 'abc/1',
      url: '/system/Base/DataInterface/abc%2F1/Actions/Response',
      props: { label: 'name', value: 'code', children: 'children' },
    });
    expect(dataInterfaceUrl('x')).toBe('/system/Base/DataInterface/x/Actions/Response');
    expect(optionSourceKey(req ?? { kind: 'unset', source: 'dynamic' })).toBe(
      'dynamic:abc/1:code:name:children',
    );
    // dicSelect is always a dictionary; nothing chosen yet → no options
    expect(optionSource(createField('dicSelect', 1))).toEqual({ kind: 'unset', source: 'dictionary' });
    dyn.__config__.propsUrl = '';
    expect(optionSource(dyn)).toEqual({ kind: 'unset', source: 'dynamic' });
  });
});

describe('answers → options', () => {
  it('nests tree dictionaries by parentId and picks the value key', () => {
    const items = [
      { id: 'a', enCode: 'A', fullName: '电气', parentId: '0' },
      { id: 'b', enCode: 'B', fullName: '线路', parentId: 'a' },
      { id: 'c', enCode: 'C', fullName: '机械' },
    ];
    expect(dictionaryOptions(items)).toEqual([
      { id: 'a', fullName: '电气', children: [{ id: 'b', fullName: '线路' }] },
      { id: 'c', fullName: '机械' },
    ]);
    expect(
      dictionaryOptions(items, { label: 'fullName', value: 'enCode', children: 'children' })[0]?.id,
    ).toBe('A');
    // a self-parent or a loop does not hang
    expect(dictionaryOptions([{ id: 'x', fullName: 'x', parentId: 'x' }])).toEqual([
      { id: 'x', fullName: 'x' },
    ]);
  });

  it('reads SQL and HTTP data interface answers', () => {
    const props = { label: 'name', value: 'code', children: 'kids' };
    const sql = { list: [{ code: 1, name: 'one' }, { code: 2 }, { name: 'no id' }], total: 3 };
    expect(interfaceOptions(sql, props)).toEqual([
      { id: 1, fullName: 'one' },
      { id: 2, fullName: '2' },
    ]);
    const http = {
      status: 200,
      data: { data: { list: [{ code: 'a', name: 'A', kids: [{ code: 'b', name: 'B' }] }] } },
    };
    expect(interfaceOptions(http, props)).toEqual([
      { id: 'a', fullName: 'A', children: [{ id: 'b', fullName: 'B' }] },
    ]);
    expect(interfaceOptions('text', props)).toEqual([]);
  });

  it('answers membership, labels and paths', () => {
    const tree = [{ id: 1, fullName: 'a', children: [{ id: '2', fullName: 'b' }] }];
    expect([...optionIdSet(tree)]).toEqual(['1', '2']);
    expect(optionLabel(tree, 2)).toBe('b');
    expect(optionLabel(tree, 3)).toBe('');
    expect(isOptionPath(tree, ['1', 2])).toBe(true);
    expect(isOptionPath(tree, [2])).toBe(false);
    expect(isOptionPath(tree, [])).toBe(false);
  });
});
