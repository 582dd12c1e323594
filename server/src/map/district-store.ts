/** The city's districts as the map's pages read them. */
import type { Db } from '../database';
import { LAMP_KINDS } from './city';

/** Every district's name and stored outline (JSON rings), in object order. */
export async function districtOutlines(db: Db) {
  return db.selectFrom('map_district').select(['name', 'rings']).orderBy('objectid').execute();
}

/** Every district row, in object order. */
export async function allDistricts(db: Db) {
  return db.selectFrom('map_district').selectAll().orderBy('objectid').execute();
}

/** Per district: how many assets, and how many of them lamps. */
export async function assetCountsByDistrict(db: Db) {
  return db
    .selectFrom('map_asset')
    .select((eb) => [
      'district',
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('kind', 'in', [...LAMP_KINDS])
            .then(1)
            .else(0)
            .end(),
        )
        .as('lamps'),
    ])
    .groupBy('district')
    .execute();
}
