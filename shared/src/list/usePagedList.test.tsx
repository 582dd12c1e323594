/**
 * @jest-environment jsdom
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Envelope, Paged } from '../http/client';
import { usePagedList, type PageQuery } from './usePagedList';

interface Q extends PageQuery {
  keyword: string;
}

/** A page fetch whose answers the test releases one by one, in any order. */
function controlledFetch() {
  const pending: Array<(rows: string[]) => void> = [];
  const fetchPage = (q: Q) =>
    new Promise<Envelope<Paged<string>>>((resolve) => {
      pending.push((rows) =>
        resolve({
          code: 200,
          msg: '',
          data: {
            list: rows,
            pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: rows.length },
          },
        }),
      );
    });
  return { fetchPage, pending };
}

test('an earlier answer that arrives after a later one is not shown', async () => {
  const { fetchPage, pending } = controlledFetch();
  const { result } = renderHook(() => usePagedList<string, Q>(fetchPage, { keyword: '' }));
  await waitFor(() => expect(pending).toHaveLength(1)); // the first load
  await act(async () => {
    pending[0]!(['a', 'b']);
  });
  expect(result.current.data.list).toEqual(['a', 'b']);

  // a reload before a delete, then the reload after it: the second answer comes back first
  act(() => void result.current.reload());
  act(() => void result.current.reload());
  expect(pending).toHaveLength(3);
  await act(async () => {
    pending[2]!(['a']);
  });
  expect(result.current.data.list).toEqual(['a']);
  expect(result.current.loading).toBe(false);
  await act(async () => {
    pending[1]!(['a', 'b']);
  });
  expect(result.current.data.list).toEqual(['a']);
  expect(result.current.loading).toBe(false);
});

test('a new filter shows its own page even when the previous filter answers last', async () => {
  const { fetchPage, pending } = controlledFetch();
  const { result } = renderHook(() => usePagedList<string, Q>(fetchPage, { keyword: '' }));
  await waitFor(() => expect(pending).toHaveLength(1));
  act(() => result.current.search({ keyword: 'x' }));
  await waitFor(() => expect(pending).toHaveLength(2));
  await act(async () => {
    pending[1]!(['x1']);
  });
  await act(async () => {
    pending[0]!(['everything']);
  });
  expect(result.current.data.list).toEqual(['x1']);
  expect(result.current.query.keyword).toBe('x');
});
