import { fieldAccess, mergeWritable, missingRequired, operatesOf, readableData } from './operates';
import { approver, linked } from './fixtures';

const ops = [
  { id: 'cost', read: true, write: true, required: true },
  { id: 'secret', read: false, write: true, required: true },
  { id: 'items', read: true, write: true, required: false },
];
const keys = ['cost', 'secret', 'note', 'items'];

test('unlisted fields: the start writes them, an approver only reads them', () => {
  expect(fieldAccess([], 'note', true)).toEqual({ read: true, write: true, required: false });
  expect(fieldAccess([], 'note', false)).toEqual({ read: true, write: false, required: false });
});

test('no write without read, no required without write; columns follow their table', () => {
  expect(fieldAccess(ops, 'secret', false)).toEqual({ read: false, write: false, required: false });
  expect(fieldAccess(ops, 'cost', false)).toEqual({ read: true, write: true, required: true });
  expect(fieldAccess(ops, 'items.qty', false)).toEqual({ read: true, write: true, required: false });
});

test('a save keeps what the node may not write', () => {
  const prev = { cost: 1, secret: 's', note: 'n' };
  expect(mergeWritable(prev, { cost: 2, secret: 'x', note: 'y' }, keys, ops, false)).toEqual({
    cost: 2,
    secret: 's',
    note: 'n',
  });
  expect(mergeWritable(prev, { note: 'y' }, keys, [], true)).toEqual({ cost: 1, secret: 's', note: 'y' });
});

test('unreadable fields are not sent; required ones must be filled', () => {
  expect(readableData({ cost: 1, secret: 's', other: 3 }, keys, ops, false)).toEqual({ cost: 1, other: 3 });
  expect(missingRequired({ cost: '' }, keys, ops, false)).toEqual(['cost']);
  expect(missingRequired({ cost: 0 }, keys, ops, false)).toEqual([]);
});

test('the node’s operates', () => {
  const def = linked(approver('A', { formOperates: ops }));
  expect(operatesOf(def)).toEqual({ operates: [], isStart: true });
  expect(operatesOf(def.childNode)).toEqual({ operates: ops, isStart: false });
  expect(operatesOf(null)).toEqual({ operates: [], isStart: false });
});
