// The user's workflow counters (to-do, unread copies): read once from FlowBefore/Count, then kept
// by the server's `flowTodoChange` pushes, and read again when the socket reconnects (a push may
// have been missed while it was down). `changes` counts the pushes — those and the workflow
// messages (to-do, copy, an outcome of my flow) — so open lists reload live.
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { flowCounts } from './api';

export interface CountsState {
  todo: number;
  circulate: number;
  /** bumped on every push: lists reload when it changes */
  changes: number;
  loaded: boolean;
}

export const useFlowCounts = create<CountsState>()(() => ({
  todo: 0,
  circulate: 0,
  changes: 0,
  loaded: false,
}));

const count = (v: unknown): number | null => {
  const n = Number(v);
  return v === undefined || v === null || v === '' || !Number.isFinite(n) ? null : Math.max(0, Math.floor(n));
};

/** A push's counts replace ours (the server's are the truth); a push without them only bumps `changes`. */
export function applyPush(s: CountsState, m: Record<string, unknown>): Partial<CountsState> {
  return {
    todo: count(m.todo) ?? s.todo,
    circulate: count(m.circulate) ?? s.circulate,
    changes: s.changes + 1,
  };
}

/** A messagePush about the workflow (types 2 to-do, 3 circulate, 4 launch). */
export const isFlowMessage = (m: Record<string, unknown>): boolean => [2, 3, 4].includes(Number(m.type));

let started = false;

function refresh(): void {
  flowCounts().then(
    (c) => useFlowCounts.setState({ todo: c.todo, circulate: c.circulate, loaded: true }),
    () => undefined, // the HTTP client showed why
  );
}

/** Starts the feed once per page (every workflow page calls it). */
export function startFlowCounts(): void {
  if (started) return;
  started = true;
  refresh();
  void import('@lighting/shared/realtime').then(({ on }) => {
    on('flowTodoChange').subscribe((m) => useFlowCounts.setState((s) => applyPush(s, m)));
    // a workflow message (2 to-do, 3 copy, 4 launch: my flow moved on) changes some list
    on('messagePush').subscribe((m) => {
      if (isFlowMessage(m)) useFlowCounts.setState((s) => ({ changes: s.changes + 1 }));
    });
    // initMessage arrives on every (re)connect; the first one may be older than our GET
    let first = true;
    on('initMessage').subscribe(() => {
      if (first) first = false;
      else {
        refresh();
        useFlowCounts.setState((s) => ({ changes: s.changes + 1 }));
      }
    });
  });
}

export function useCountsFeed(): CountsState {
  useEffect(startFlowCounts, []);
  return useFlowCounts();
}

/** Calls `reload` after every change pushed once mounted (not on the first render). */
export function useReloadOnChange(reload: () => unknown): void {
  const changes = useFlowCounts((s) => s.changes);
  const seen = useRef(changes);
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(startFlowCounts, []);
  useEffect(() => {
    if (changes === seen.current) return;
    seen.current = changes;
    void latest.current();
  }, [changes]);
}
