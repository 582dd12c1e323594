/** JSON-schema snippets every domain's administration routes share (names, codes, sort codes, ids). */

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const fullNameField = { type: 'string', minLength: 1, maxLength: 50, format: 'fullName' } as const;
export const enCodeField = { type: 'string', minLength: 1, maxLength: 50, format: 'enCode' } as const;
export const sortCodeField = { type: 'integer', minimum: 0, maximum: 999_999 } as const;
export const enabledField = { type: 'integer', enum: [0, 1] } as const;
export const descriptionField = { type: 'string', maxLength: 500 } as const;
export const parentIdField = { type: 'string', minLength: 1, maxLength: 64 } as const;
export const optionalId = { type: ['string', 'null'], maxLength: 64 } as const;

export const EMPTY_QUERY = { querystring: { type: 'object' } } as const;

/** '-1' / '' / null mean "no parent" in requests; stored as null (organize, dictionaries, menus). */
export const storedParent = (p: string | null | undefined): string | null =>
  !p || p === '-1' || p === '0' ? null : p;
