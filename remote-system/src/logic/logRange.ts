/** The log filter's time span: datetime-local input values (local time) → startTime/endTime ms. */
export function rangeQuery(from: string, to: string): { startTime?: number; endTime?: number } {
  const ms = (v: string): number | undefined => {
    if (!v) return undefined;
    const n = new Date(v).getTime();
    return Number.isFinite(n) ? n : undefined;
  };
  const out: { startTime?: number; endTime?: number } = {};
  const a = ms(from);
  const b = ms(to);
  if (a !== undefined) out.startTime = a;
  if (b !== undefined) out.endTime = b + 59_999; // the whole minute the input shows
  if (out.startTime !== undefined && out.endTime !== undefined && out.startTime > out.endTime) {
    return { startTime: b, endTime: a === undefined ? undefined : a + 59_999 };
  }
  return out;
}
