/** Row ids: random UUIDs, optionally with a short prefix naming the kind of row ('cr-…'). */
import { randomUUID } from 'node:crypto';

export const newId = (prefix?: string): string => (prefix ? `${prefix}-${randomUUID()}` : randomUUID());
