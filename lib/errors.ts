import { CATALOGS } from "@/i18n/catalogs";

const en = CATALOGS.en;

// One error type for the whole server. The code is stable (the client
// translates it); the text is the English one from messages/en.json, which
// holds the spec's texts word for word; the HTTP status comes from one table.
export type ErrorCode = keyof typeof en.errors;
export type SuccessCode = keyof typeof en.success;

export function errorText(code: ErrorCode): string {
  return en.errors[code];
}

export function successText(code: SuccessCode): string {
  return en.success[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(en.errors, value);
}

/**
 * The status of every code that is not a plain 400 (bad input). The house's
 * conventions: 401 no or bad token only (a wrong password or code is 403, so
 * no client refreshes and replays it), 404 also for another shop's ids, 409
 * a conflict with what exists, 412 changed since it was read (If-Match), 413 too large, 415 wrong media type, 422 a
 * rule broken, 423 locked, 429 limited, 503 try again, 507 no room.
 */
const STATUS: Partial<Record<ErrorCode, number>> = {
  unauthorized: 401,
  sessionExpired: 401,
  accountRemoved: 401,
  invalidCredentials: 403,
  invalid2faCode: 403,
  passwordIncorrect: 403,
  reauthRequired: 403,
  notFound: 404,
  accountNotFound: 404,
  ownerOnly: 403,
  lastOwner: 409,
  repairHasMoney: 409,
  repairNotFound: 404,
  photoNotFound: 404,
  paymentNotFound: 404,
  noticeNotFound: 404,
  workshopNotFound: 404,
  setupUnavailable: 404,
  emailTaken: 409,
  emailUnavailable: 409,
  repairNumberTaken: 409,
  signatureExists: 409,
  signaturePickupTooEarly: 422,
  signatureIntakeTooLate: 422,
  paymentVoided: 409,
  refundTooLarge: 422,
  discountNeedsPrice: 422,
  discountTooLarge: 422,
  visitClosed: 422,
  fullInvoiceNeeded: 422,
  invoicingNoProducer: 422,
  voidLeavesRefund: 422,
  signatureTooLarge: 413,
  repairChanged: 412,
  twofaAlreadyEnabled: 409,
  twofaNotEnabled: 409,
  twofaNotStarted: 409,
  mailNotConfigured: 409,
  workshopNameTaken: 409,
  workshopInUse: 409,
  bodyTooLarge: 413,
  photoTooLarge: 413,
  photoTooManyPixels: 413,
  methodNotAllowed: 405,
  unsupportedMediaType: 415,
  photosNotMultipart: 415,
  photoType: 415,
  accountLimitReached: 422,
  cannotRemoveYourself: 422,
  repairClosed: 422,
  photoUnreadable: 422,
  exportEmpty: 422,
  noCustomerEmail: 422,
  workshopLimitReached: 422,
  accountLocked: 423,
  tooManyAttempts: 429,
  exportBusy: 429,
  exportLinkUsed: 410,
  mailLimitReached: 429,
  resendLimitReached: 429,
  tooManyUploads: 429,
  internal: 500,
  busy: 503,
  databaseUnavailable: 503,
  queryTimeout: 503,
  storageUnavailable: 507,
  uploadQuotaExceeded: 507,
};

export const statusOf = (code: ErrorCode): number => STATUS[code] ?? 400;

export class AppError extends Error {
  /** Per-field codes, for forms that show each under its field. */
  readonly fields?: Record<string, ErrorCode>;
  /** Seconds until a rate-limited caller may try again (sent as Retry-After). */
  readonly retryAfter?: number;

  constructor(
    readonly code: ErrorCode,
    options: { fields?: Record<string, ErrorCode>; retryAfter?: number } = {},
  ) {
    super(errorText(code));
    this.name = "AppError";
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return statusOf(this.code);
  }
}

/**
 * Unique constraints a person can run into, by index name, and what they are
 * told: Prisma's P2002 is mapped here once, for every caller.
 */
const UNIQUE_VIOLATIONS: Record<string, { code: ErrorCode; field: string }> = {
  users_email_key: { code: "emailTaken", field: "email" },
  repairs_shop_id_repair_number_key: { code: "repairNumberTaken", field: "repair_number" },
  workshops_shop_name_key: { code: "workshopNameTaken", field: "name" },
  signatures_repair_id_stage_key: { code: "signatureExists", field: "stage" },
};

/**
 * A unique index a person ran into, as the AppError it means, or null. Read
 * by shape: Prisma's P2002 from a model's query, or a raw statement's P2010
 * whose driver error is a unique violation (lib/repairs/row.ts writes raw).
 */
export function uniqueViolation(error: unknown): AppError | null {
  const { code, meta } = (error ?? {}) as {
    code?: unknown;
    meta?: { target?: unknown; driverAdapterError?: { cause?: { kind?: unknown; constraint?: { index?: unknown } } } };
  };
  const cause = meta?.driverAdapterError?.cause;
  if (code !== "P2002" && !(code === "P2010" && cause?.kind === "UniqueConstraintViolation")) return null;
  const index = cause?.constraint?.index ?? meta?.target;
  const known = typeof index === "string" ? UNIQUE_VIOLATIONS[index] : undefined;
  return known ? new AppError(known.code, { fields: { [known.field]: known.code } }) : null;
}
