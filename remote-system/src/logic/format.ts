/** Table cell formats: ms timestamps with the spec §9 default date format (shared formatDate). */
import { formatDate } from '@lighting/shared';

export function formatTime(ms: unknown): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) return '';
  return formatDate(ms);
}

/** Duration in ms as "123 ms". */
export function formatDuration(ms: unknown): string {
  return typeof ms === 'number' && Number.isFinite(ms) ? `${Math.round(ms)} ms` : '';
}
