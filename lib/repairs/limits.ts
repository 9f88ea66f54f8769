// Repair limits shared by the screens and the server.
export const QUOTE_DAYS = { min: 1, max: 90, default: 7 } as const;
/** numeric(10,2) */
export const MAX_MONEY = 99_999_999.99;
/** The list's page, and the most one request may ask for. */
export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** Photos per selection and per upload request. */
export const MAX_PHOTOS_PER_UPLOAD = 2;
/**
 * How long a status change's email waits before it may leave: the screens
 * offer "Undo" for as long, and any status change meanwhile (an undo, a
 * second change) cancels it (lib/notices/queue.ts).
 */
export const NOTICE_GRACE_MS = 20_000;

/** The fewest characters of a name or phone the new-repair form looks earlier customers up by. */
export const MIN_CUSTOMER_LOOKUP = 3;
