"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { repairsApi } from "@/lib/client/api";
import { QUOTE_DAYS } from "@/lib/repairs/limits";
import type { RepairJson } from "@/lib/repairs/serialize";
import { apiErrorText } from "@/components/ui/error-text";
import { lazyComponent } from "@/components/ui/lazy";
import type { Flash } from "@/components/ui/use-flash";
import { useFormat } from "@/components/repairs/format";
import { comebackValues } from "@/components/repairs/form/repair-form-values";
import { customerValues } from "@/components/repairs/form/customer-values";
import { useCurrentUser } from "@/components/session/auth-guard";
import { rememberedListHref, sayOnList } from "@/components/repairs/list/list-memory";
import { isStale } from "@/lib/client/api-client";
import { DeleteRepairDialog } from "./delete-dialog";

// The forms (and the schema they check with) load when opened, not with the page.
const MoneyDialog = lazyComponent(() => import("./money-dialog").then((m) => m.MoneyDialog));
const RepairFormDialog = lazyComponent(() =>
  import("@/components/repairs/form/repair-form-dialog").then((m) => m.RepairFormDialog),
);

/** The dialogs a repair's page opens from its buttons. */
export type RepairDialog = "quote" | "quickQuote" | "finalPrice" | "delete" | "edit" | "comeback" | "another";

/**
 * The open dialog of a repair's page: the quote and the final price, the edit
 * form, a comeback's new repair, deleting. Each write says the version it was
 * made on; one refused as stale reads the repair again (`reload`).
 */
export function RepairDialogs({
  repair,
  dialog,
  onClose,
  keep,
  reload,
  notify,
  setFlash,
}: {
  repair: RepairJson;
  dialog: RepairDialog | null;
  onClose: () => void;
  keep: (next: Partial<RepairJson>) => void;
  reload: () => void;
  /** The page's "email the customer" choice for the next change. */
  notify: () => false | undefined;
  setFlash: (flash: Flash | null) => void;
}) {
  const t = useTranslations();
  const { time_zone: timeZone } = useCurrentUser().user;
  const router = useRouter();
  const format = useFormat();
  const { id, version } = repair;
  /** A refused save: read again if stale, and said in the dialog. */
  const failWith = (fallback: string) => (error: unknown) => {
    if (isStale(error)) reload();
    throw new Error(apiErrorText(t, error, fallback));
  };
  return (
    <>
      {(dialog === "quote" || dialog === "quickQuote") && (
        <MoneyDialog
          open
          onOpenChange={(open) => !open && onClose()}
          title={
            dialog === "quickQuote"
              ? t("repair.actions.createQuote")
              : repair.quote_amount === null
                ? t("repair.setQuote")
                : t("repair.updateQuote")
          }
          withQuoteFields
          initial={{ amount: repair.quote_amount, notes: repair.quote_notes }}
          onSubmit={async ({ amount, notes, days }) =>
            keep(
              await repairsApi
                .setQuote(id, { amount, notes, days: days ?? QUOTE_DAYS.default, notify: notify(), version })
                .catch(failWith(t("repair.errors.quote"))),
            )
          }
        />
      )}
      {dialog === "edit" && (
        <RepairFormDialog
          open
          repair={repair}
          onOpenChange={(open) => !open && onClose()}
          onSaved={(saved) => {
            keep(saved);
            onClose();
            setFlash({ kind: "success", text: t("createRepair.updated") });
          }}
          // The photo adder uploads at once; the repair is read again behind
          // the form, which stays open with whatever was typed in it.
          onPhotosAdded={reload}
          onStale={reload}
        />
      )}
      {(dialog === "comeback" || dialog === "another") && (
        // The item came back: a new repair for the same customer and item, linked to this one;
        // or another item of the same customer.
        <RepairFormDialog
          open
          initial={dialog === "comeback" ? comebackValues(repair) : customerValues(repair, timeZone)}
          onOpenChange={(open) => !open && onClose()}
          onSaved={(saved) => {
            onClose();
            router.push(`/repairs/${saved.id}`);
          }}
        />
      )}
      {dialog === "finalPrice" && (
        <MoneyDialog
          open
          onOpenChange={(open) => !open && onClose()}
          title={repair.final_price === null ? t("repair.setFinalPrice") : t("repair.updateFinalPrice")}
          withQuoteFields={false}
          initial={{ amount: repair.final_price }}
          onSubmit={async ({ amount }) => {
            // More than the customer approved: asked once before it is set.
            const approved = repair.quote_status === "approved" ? repair.quote_amount : null;
            if (
              approved !== null &&
              amount > approved &&
              !window.confirm(
                t("repair.finalAboveQuote", { price: format.money(amount), quote: format.money(approved) }),
              )
            )
              return false;
            keep(
              await repairsApi
                .update(id, { final_price: amount }, version)
                .catch(failWith(t("repair.errors.finalPrice"))),
            );
          }}
        />
      )}
      {dialog === "delete" && (
        <DeleteRepairDialog
          repair={repair}
          onClose={() => onClose()}
          onDeleted={(kept) => {
            // Back to the list as it was searched, which says what happened.
            sayOnList(t(kept ? "success.deletedKept" : "repair.deleted", { number: repair.repair_number }));
            router.push(rememberedListHref());
          }}
        />
      )}
    </>
  );
}
