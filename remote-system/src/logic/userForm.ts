/**
 * The user form (permission/user): create sends account and the password's MD5 (spec §7: the
 * password never leaves the browser in clear); edit leaves both out (the account is immutable).
 */
export interface UserFormValues {
  account?: string;
  password?: string;
  realName: string;
  gender?: string | number | null;
  mobile?: string;
  email?: string;
  organizeId: string;
  positionId?: string | null;
  roleIds?: string[];
  enabledMark?: boolean;
  sortCode?: number | null;
  description?: string;
}

export interface UserBody {
  account?: string;
  password?: string;
  realName: string;
  gender?: number;
  mobile: string;
  /** '' clears it. */
  email: string;
  organizeId: string;
  positionId: string | null;
  roleIds: string[];
  enabledMark: 0 | 1;
  sortCode: number;
  description: string;
}

export function toUserBody(v: UserFormValues, isEdit: boolean, md5: (s: string) => string): UserBody {
  const gender =
    v.gender === null || v.gender === undefined || v.gender === '' ? undefined : Number(v.gender);
  const body: UserBody = {
    realName: v.realName.trim(),
    mobile: (v.mobile ?? '').trim(),
    // sent even when blank, so clearing the field clears the stored e-mail
    email: (v.email ?? '').trim(),
    organizeId: v.organizeId,
    positionId: v.positionId || null,
    roleIds: v.roleIds ?? [],
    enabledMark: v.enabledMark === false ? 0 : 1,
    sortCode: v.sortCode ?? 0,
    description: (v.description ?? '').trim(),
  };
  if (gender === 1 || gender === 2 || gender === 3) body.gender = gender;
  if (!isEdit) {
    body.account = (v.account ?? '').trim();
    body.password = md5(v.password ?? '');
  }
  return body;
}

/** Options of the gender select from the 'sex' dictionary (enCode 1/2/3 → number values). */
export function genderOptions(
  items: readonly { enCode: string; fullName: string }[],
): { value: string; label: string }[] {
  return items.map((i) => ({ value: i.enCode, label: i.fullName }));
}
