// A fault's type in the language shown (issue 17): by its dictionary code (faultType items, the
// map's translations under wall.faultType), else the name the server sent.
import type { TFunction } from 'i18next';

export function faultTypeName(t: TFunction<'map'>, typeCode: string, name: string): string {
  return typeCode ? t(`wall.faultType.${typeCode}`, { defaultValue: name }) : name;
}
