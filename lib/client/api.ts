import type { Locale } from "@/i18n/config";
import type { AccountJson } from "@/lib/accounts/accounts";
import type { ExportField } from "@/lib/export/fields";
import type { ListRepairJson, PhotoJson, RepairJson } from "@/lib/repairs/serialize";
import type { Queue, RepairStatus } from "@/lib/repairs/workflow";
import type { ShopDetails } from "@/lib/shop/details";
import type { CustomerSuggestion } from "@/lib/repairs/customers";
import type { CustomerAnswer } from "@/lib/repairs/answers";
import type { NoticeJson } from "@/lib/notices/history";
import type { RelatedRepair } from "@/lib/repairs/related";
import type { HistoryEntry } from "@/lib/repairs/history";
import type { Takings, TakingsPage } from "@/lib/payments/takings";
import type { premisesTotals } from "@/lib/repairs/premises";
import type { NoticeSettings } from "@/lib/notices/settings";
import type { WorkshopJson } from "@/lib/workshops/workshops";
import type { WorkQueues } from "@/lib/repairs/queues";
import type { DeletedRepairs } from "@/lib/repairs/archive";
import type { ActivityPage } from "@/lib/activity/activity";
import { apiRequest, apiResponse } from "./api-client";
import type { LoginTokens } from "./session";

// The screens' calls to the server, one typed function each:
// the paths and the shapes of the answers are written here once.

export type Pagination = {
  page: number;
  limit: number;
  total: number;
  totalCapped: boolean;
  hasMore: boolean;
  nextCursor: string | null;
};
/** A page of the list: each repair in brief (the list's fields); `get` has the whole repair. */
export type RepairPage = { repairs: ListRepairJson[]; exact_match: string | null; pagination: Pagination };
export type RepairInput = Record<string, unknown>;

export type CurrentUser = {
  name: string;
  email: string;
  role: "owner" | "staff";
  shopId: string;
  twofa_enabled: boolean;
  time_zone: string;
  shop_language: Locale;
  shop_warranty_months: number;
  shop_accounts: number;
};

export type LoginAnswer = { requires2FA: true } | (LoginTokens & { requires2FA: false; recovery_codes_left?: number });

const done = () => undefined;

/** Where and how a repair goes out (sent with the status outsourced); dates DD/MM/YYYY, cost as typed. */
export type SendOut = {
  workshop_id: string;
  sent_on: string;
  expected_back: string;
  cost: number | null;
  tracking: string;
};

export type ListFilters = {
  search?: string;
  statuses?: RepairStatus[];
  queue?: Queue | null;
  /** "any", or one workshop's id. */
  workshop?: string | null;
  sort?: "created" | "deadline";
};

export const repairsApi = {
  list: (query: ListFilters & { cursor?: string | null; limit: number }) => {
    const params = new URLSearchParams({ limit: String(query.limit) });
    if (query.search) params.set("search", query.search);
    if (query.statuses?.length) params.set("statuses", query.statuses.join(","));
    if (query.queue) params.set("queue", query.queue);
    if (query.workshop) params.set("workshop", query.workshop);
    if (query.sort && query.sort !== "created") params.set("sort", query.sort);
    if (query.cursor) params.set("cursor", query.cursor);
    return apiRequest<RepairPage>(`/repairs?${params}`);
  },
  /** The dashboard's counts. */
  queues: () => apiRequest<WorkQueues & { goods: Awaited<ReturnType<typeof premisesTotals>> }>("/repairs/queues"),
  get: (id: string) => apiRequest<RepairJson>(`/repairs/${id}`),
  create: (fields: RepairInput) => apiRequest<RepairJson>("/repairs", { body: fields }),
  /** `version`: the one the screen shows (If-Match): a repair changed since is refused, 412 repairChanged. */
  update: (id: string, fields: RepairInput, version?: number) =>
    apiRequest<RepairJson>(`/repairs/${id}`, { method: "PUT", body: fields, ifMatch: version }),
  /** A new status link; the old one stops working at once. */
  replaceLink: (id: string) => apiRequest<RepairJson>(`/repairs/${id}/status-link`, { method: "POST", body: {} }),
  /** Archived (`kept`) if it was paid, signed or handed over; else erased. The reason goes with either. */
  remove: (id: string, reason: string) =>
    apiRequest<{ success: true; kept: boolean }>(`/repairs/${id}`, { method: "DELETE", body: { reason } }),
  /** Owners: the archived repairs and the erased numbers; restoring one. */
  deleted: () => apiRequest<DeletedRepairs>("/repairs/deleted"),
  restore: (id: string) => apiRequest<RepairJson>(`/repairs/${id}/restore`, { method: "POST", body: {} }),
  /** Several repairs to one status, all or none; refused (412) if one moved on from the version the list shows. */
  setStatuses: (repairs: { id: string; version: number }[], status: RepairStatus, send_out?: SendOut) =>
    apiRequest<{ repairs: RepairJson[] }>("/repairs/status", {
      method: "PATCH",
      body: {
        ids: repairs.map((repair) => repair.id),
        versions: Object.fromEntries(repairs.map((repair) => [repair.id, repair.version])),
        status,
        send_out,
      },
    }),
  /** `notify: false`: do not tell the customer about this change; `send_out` goes with outsourced. */
  setStatus: (
    id: string,
    status: RepairStatus,
    { version, ...options }: { notify?: boolean; send_out?: SendOut; version?: number } = {},
  ) =>
    apiRequest<RepairJson>(`/repairs/${id}/status`, {
      method: "PATCH",
      body: { status, ...options },
      ifMatch: version,
    }),
  /** the expiry goes as hours (days times 24). */
  setQuote: (id: string, quote: { amount: number; notes?: string; days: number; notify?: boolean; version?: number }) =>
    apiRequest<RepairJson>(`/repairs/${id}/quote`, {
      method: "PATCH",
      body: { amount: quote.amount, notes: quote.notes, expires_in_hours: quote.days * 24, notify: quote.notify },
      ifMatch: quote.version,
    }),
  history: (id: string) => apiRequest<{ history: HistoryEntry[] }>(`/repairs/${id}/history`),
  related: (id: string) => apiRequest<{ repairs: RelatedRepair[] }>(`/repairs/${id}/related`),
  /** The customers' answers to quotes since `after` (the `now` of the last call; none: from now on). */
  answers: (after?: string) =>
    apiRequest<{ answers: CustomerAnswer[]; now: string }>(
      `/repairs/answers${after ? `?after=${encodeURIComponent(after)}` : ""}`,
    ),
  /** The customers of earlier repairs a typed name or phone finds (the new-repair form's lookup). */
  customers: (q: string) =>
    apiRequest<{ customers: CustomerSuggestion[] }>(`/repairs/customers?q=${encodeURIComponent(q)}`),
  /** The repair's news as a WhatsApp link, or null without a number that takes messages. */
  whatsapp: (id: string) => apiRequest<{ url: string | null }>(`/repairs/${id}/whatsapp`),
  /** Every item of the repair's visit, in the order left (the repair alone when it has none). */
  visit: (id: string) => apiRequest<{ repairs: RepairJson[] }>(`/repairs/${id}/visit`),
  notices: (id: string) => apiRequest<{ mail_configured: boolean; notices: NoticeJson[] }>(`/repairs/${id}/notices`),
  resendNotice: (id: string, noticeId: string) =>
    apiRequest<{ notice: NoticeJson }>(`/repairs/${id}/notices/${noticeId}/resend`, { method: "POST", body: {} }),
  addPhotos: (id: string, files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append("photos", file, file.name);
    return apiRequest<{ photos: PhotoJson[] }>(`/repairs/${id}/photos`, { method: "POST", body: form });
  },
  deletePhoto: (id: string, photoId: string) =>
    apiResponse(`/repairs/${id}/photos/${photoId}`, { method: "DELETE" }).then(done),
};

export const authApi = {
  login: (credentials: { email: string; password: string; twofa_code?: string }) =>
    apiRequest<LoginAnswer>("/auth/login", { body: credentials, auth: false }),
  logout: () => apiResponse("/auth/logout", { method: "POST" }).then(done),
  me: () => apiRequest<CurrentUser>("/auth/me"),
  setup2fa: () => apiRequest<{ qrCode: string; secret: string }>("/auth/setup-2fa", { method: "POST" }),
  verify2fa: (proof: { code: string; password?: string }) =>
    apiRequest<{ message: string; recovery_codes: string[] }>("/auth/verify-2fa", { body: proof }),
  disable2fa: (proof: { code: string; password?: string } | { password: string }) =>
    apiRequest<{ success: true; message: string }>("/auth/disable-2fa", { body: proof }),
  createSubaccount: (account: { name: string; email: string; password: string }) =>
    apiRequest<{ message: string; user: { email: string } }>("/auth/create-subaccount", { body: account }),
  /** "Forgot password" (no session): a link is mailed when an account has the email. */
  forgotPassword: (email: string) =>
    apiRequest<{ message: string }>("/auth/forgot-password", { body: { email }, auth: false }),
  resetPassword: (reset: { token: string; password: string }) =>
    apiRequest<{ message: string }>("/auth/reset-password", { body: reset, auth: false }),
  /** The first-run setup (no session yet). */
  setup: (shop: { token: string; shopName: string; name: string; email: string; password: string; language: Locale }) =>
    apiRequest<{ shopId: string; email: string }>("/setup", { body: shop, auth: false }),
};

export type { NoticeJson, NoticeSettings, ShopDetails };
export type { AccountJson };

export const accountsApi = {
  list: () => apiRequest<{ accounts: AccountJson[] }>("/accounts"),
  /** Removes another account of the shop; `password` is the caller's own. */
  remove: (id: string, password: string) =>
    apiRequest<{ message: string }>(`/accounts/${id}`, { method: "DELETE", body: { password } }),
  /** Makes an account of the shop an owner or staff (an owner's call). */
  setRole: (id: string, role: "owner" | "staff") =>
    apiRequest<{ id: string; role: string }>(`/accounts/${id}`, { method: "PATCH", body: { role } }),
};

export const noticeSettingsApi = {
  get: () => apiRequest<NoticeSettings>("/shop/notices"),
  save: (changes: Partial<Omit<NoticeSettings, "mail_configured">>) =>
    apiRequest<NoticeSettings>("/shop/notices", { method: "PUT", body: changes }),
};

export const shopApi = {
  get: () => apiRequest<ShopDetails>("/shop"),
  /** The server checks every field (lib/shop/schema.ts); the form sends them as typed. */
  save: (details: Record<string, string | number | null | undefined | Record<string, string>>) =>
    apiRequest<ShopDetails>("/shop", { method: "PUT", body: details }),
};

export type { WorkshopJson };
type WorkshopFields = { name: string; contact: string; notes: string };

export const workshopsApi = {
  list: () => apiRequest<{ workshops: WorkshopJson[] }>("/workshops"),
  create: (fields: WorkshopFields) =>
    apiRequest<{ workshop: WorkshopJson; message: string }>("/workshops", { body: fields }),
  update: (id: string, fields: Partial<WorkshopFields>) =>
    apiRequest<{ workshop: WorkshopJson; message: string }>(`/workshops/${id}`, { method: "PUT", body: fields }),
  remove: (id: string) => apiResponse(`/workshops/${id}`, { method: "DELETE" }).then(done),
};

export const settingsApi = {
  save: (changes: { language?: Locale; time_zone?: string }) =>
    apiRequest<{ language: Locale; time_zone: string }>("/settings", { method: "PUT", body: changes }),
};

export const takingsApi = {
  get: (range: { from?: string; to?: string }) =>
    apiRequest<Takings>(`/payments?${new URLSearchParams(range as Record<string, string>)}`),
  /** The next page of one list (payments or voided), after its cursor. */
  more: (range: { from?: string; to?: string }, lines: "payments" | "voided", after: string) =>
    apiRequest<TakingsPage>(`/payments?${new URLSearchParams({ ...range, lines, after } as Record<string, string>)}`),
  xlsx: (range: { from?: string; to?: string }) =>
    apiResponse(`/payments?${new URLSearchParams({ ...range, format: "xlsx" } as Record<string, string>)}`),
};

type Days = { from?: string; to?: string };

/** The shop's activity log (owners): a range of days, newest first, 100 at a time. */
export const activityApi = {
  get: (range: Days, after?: string) =>
    apiRequest<ActivityPage>(
      `/activity?${new URLSearchParams({ ...range, ...(after ? { after } : {}) } as Record<string, string>)}`,
    ),
  xlsx: (range: Days) =>
    apiResponse(`/activity?${new URLSearchParams({ ...range, format: "xlsx" } as Record<string, string>)}`),
};

type ExportChoices = {
  fields: ExportField[];
  startDate: string | null;
  endDate: string | null;
  statuses: RepairStatus[] | null;
};

export const exportApi = {
  /** The .xlsx as a response (the spec's call: the whole file in memory). */
  excel: (request: ExportChoices) => apiResponse("/export/excel", { body: request }),
  /** A one-time link to the .xlsx, for the browser to save to disk as it streams. */
  link: (request: ExportChoices) => apiRequest<{ url: string }>("/export/link", { body: request }),
};
