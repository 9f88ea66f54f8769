// The kinds and methods of a payment, for the server and the screens alike
// (./payments.ts holds the rules and the writes).
export const PAYMENT_KINDS = ["deposit", "payment", "refund"] as const;
export const PAYMENT_METHODS = ["cash", "card", "bizum", "transfer", "other"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type { PaymentJson } from "./payments";
