// Repair limits shared by the screens and the server (SPEC sections 5 and 9).
export const QUOTE_DAYS = { min: 1, max: 90, default: 7 } as const;
/** numeric(10,2) */
export const MAX_MONEY = 99_999_999.99;
