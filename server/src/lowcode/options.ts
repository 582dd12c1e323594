/**
 * The options of a form's choice fields (effects): static ones come from the form; dictionary ones
 * from the dictionary's enabled items; data-interface ones from running the interface. What to load
 * and how the answers become options is @lighting/shared/formcore's (`optionSource`,
 * `dictionaryOptions`, `interfaceOptions`); this only fetches, once per source per request.
 */
import {
  dictionaryOptions,
  interfaceOptions,
  optionSource,
  optionSourceKey,
  type FormField,
  type OptionItem,
} from '@lighting/shared/formcore';
import type { AppContext } from '../context';
import { runDataInterface } from '../system';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'config'>;

export interface OptionLoader {
  /** Loads the options of these fields (each source once). */
  load(fields: Iterable<FormField>): Promise<void>;
  /** The loaded options of a field; undefined for a field without loaded options. */
  get(field: FormField): readonly OptionItem[] | undefined;
}

export function optionLoader(ctx: Ctx): OptionLoader {
  const cache = new Map<string, readonly OptionItem[]>();
  const fetchSource = async (field: FormField): Promise<void> => {
    const src = optionSource(field);
    if (!src || src.kind === 'static' || src.kind === 'unset') return;
    const key = optionSourceKey(src);
    if (cache.has(key)) return;
    if (src.kind === 'dictionary') {
      const items = await ctx.db
        .selectFrom('dictionary_data as d')
        .innerJoin('dictionary_type as t', 't.id', 'd.dictionaryTypeId')
        .select(['d.id', 'd.enCode', 'd.fullName', 'd.parentId'])
        .where((eb) => eb.or([eb('t.id', '=', src.type), eb('t.enCode', '=', src.type)]))
        .where('d.enabledMark', '=', 1)
        .orderBy('d.sortCode')
        .orderBy('d.id')
        .execute();
      cache.set(key, dictionaryOptions(items, src.props));
      return;
    }
    const di = await ctx.db
      .selectFrom('data_interface')
      .select(['dataType', 'query', 'path', 'requestMethod', 'requestParameters', 'enabledMark'])
      .where('id', '=', src.interfaceId)
      .executeTakeFirst();
    // a missing, disabled or failing interface offers nothing: every value is refused (a choice
    // that cannot be checked is not stored)
    let options: OptionItem[] = [];
    if (di && di.enabledMark === 1)
      try {
        options = interfaceOptions(await answerOf(ctx, di), src.props);
      } catch {
        options = [];
      }
    cache.set(key, options);
  };
  return {
    async load(fields) {
      for (const f of fields) await fetchSource(f);
    },
    get(field) {
      const src = optionSource(field);
      if (!src) return undefined;
      if (src.kind === 'static') return src.options;
      if (src.kind === 'unset') return [];
      return cache.get(optionSourceKey(src));
    },
  };
}

/** A data interface's rows (an HTTP interface's `data`). */
async function answerOf(
  ctx: Ctx,
  di: { dataType: number; query: string; path: string; requestMethod: string; requestParameters: string },
): Promise<unknown> {
  const answer = await runDataInterface(ctx, di);
  return di.dataType === 1 ? answer : (answer as { data?: unknown }).data;
}
