import { authedRoute } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { repairInvoices } from "@/lib/invoicing/invoices";

export const GET = authedRoute(async ({ db, caller, params }) =>
  json(await repairInvoices(db, caller.shopId, params.id)),
);
