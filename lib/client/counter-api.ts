import type { PaymentJson, PaymentKind, PaymentMethod, PaymentsJson } from "@/lib/payments/payments";
import type { PremisesPage, GoodsOnPremises } from "@/lib/repairs/premises";
import type { SignatureJson } from "@/lib/repairs/signatures";
import type { WarrantyCandidate, WarrantyLinks } from "@/lib/repairs/warranty";
import { apiRequest, apiResponse } from "./api-client";

// The counter's calls: the goods the shop holds, payments, signatures and
// warranties. Apart from ./api.ts so that the repairs list, which makes none
// of them, does not load them.

export const premisesApi = {
  /** The items the shop holds now, with their declared values (docs/counter.md). */
  list: () => apiRequest<GoodsOnPremises>("/repairs/premises"),
  /** The next 100 of one list, after its cursor. */
  more: (list: "held" | "at_workshops", after: string) =>
    apiRequest<PremisesPage>(`/repairs/premises?${new URLSearchParams({ list, after })}`),
  xlsx: () => apiResponse("/repairs/premises?format=xlsx"),
};

export const paymentsApi = {
  list: (id: string) => apiRequest<PaymentsJson>(`/repairs/${id}/payments`),
  /**
   * `amount` as typed (the server reads it in the user's language) or a number.
   * `version`: refused (412) if the repair moved on; the answer's `repair_version` is the one after the payment.
   */
  pay: (
    id: string,
    payment: { kind: PaymentKind; amount: string | number; method: PaymentMethod; note?: string; discount?: boolean },
    version?: number,
  ) =>
    apiRequest<PaymentJson & { repair_version: number }>(`/repairs/${id}/payments`, {
      body: payment,
      ifMatch: version,
    }),
  voidPayment: (id: string, paymentId: string, reason: string) =>
    apiRequest<PaymentJson>(`/repairs/${id}/payments/${paymentId}/void`, { body: { reason } }),
};

export const signaturesApi = {
  list: (id: string) => apiRequest<{ signatures: SignatureJson[] }>(`/repairs/${id}/signatures`),
  /** `image`: a PNG data URL of what was drawn; one per stage, never changed. */
  sign: (id: string, signature: { stage: "intake" | "pickup"; signer_name: string; image: string }) =>
    apiRequest<SignatureJson>(`/repairs/${id}/signatures`, { body: signature }),
};

export const warrantyApi = {
  /** The first repair a comeback returns to, and a repair's comebacks. */
  links: (id: string) => apiRequest<WarrantyLinks>(`/repairs/${id}/warranty`),
  /** Repairs under a running warranty with this serial number and customer: what a new one may be the comeback of. */
  candidates: (customer: { serial: string; phone: string; email: string }) =>
    apiRequest<{ repairs: WarrantyCandidate[] }>(`/repairs/warranty-candidates?${new URLSearchParams(customer)}`),
};
