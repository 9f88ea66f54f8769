"use client";

import { useTranslations } from "next-intl";
import { useState, type Dispatch, type SetStateAction } from "react";
import { repairsApi, type SendOut } from "@/lib/client/api";
import { isStale } from "@/lib/client/api-client";
import { NOTICE_GRACE_MS } from "@/lib/repairs/limits";
import type { RepairJson } from "@/lib/repairs/serialize";
import { chatNumber } from "@/lib/notices/chat-number";
import { printHref } from "@/components/print/formats";
import { formatDate } from "@/lib/repairs/dates";
import type { RepairStatus } from "@/lib/repairs/workflow";
import { apiErrorText } from "@/components/ui/error-text";
import { lazyComponent } from "@/components/ui/lazy";
import { STATUS_ERROR_MS, type Flash } from "@/components/ui/use-flash";
import { useSendOut } from "./use-send-out";

// Handing over loads when asked for, not with the screen.
const HandOverDialog = lazyComponent(() => import("./hand-over-dialog").then((m) => m.HandOverDialog));

/** A repair a status change starts from: the list's row or the whole repair. */
type From = Pick<RepairJson, "id" | "status" | "version" | "repair_number" | "customer_name" | "balance_due">;
/** Where a repair out is now, for changing it. */
type OutNow = Pick<
  RepairJson,
  "workshop_id" | "sent_out_on" | "expected_back_on" | "outsource_cost" | "outsource_tracking"
>;

/**
 * A repair's status change wherever it is made (the list's badge, the
 * repair's page): going out asks where, handing over asks who collects (their
 * signature, what is due), and the change then offers Undo while its email is
 * held (a slip mails no one). Every write says the version it was made on; one
 * refused as stale (a customer's answer, a colleague) has the screen read
 * again (`readAgainIfStale`) and says why. `keep` puts the changed repair in
 * place; `notify` is the screen's "email the customer" choice for the next
 * change; `onChanged` hears every change but an undo.
 */
export function useStatusChange({
  setFlash,
  keep,
  readAgainIfStale,
  notify = () => undefined,
  onChanged,
}: {
  setFlash: Dispatch<SetStateAction<Flash | null>>;
  keep: (changed: RepairJson) => void;
  readAgainIfStale: (error: unknown) => void;
  notify?: () => false | undefined;
  onChanged?: (status: RepairStatus, changed: RepairJson) => void;
}) {
  const t = useTranslations();
  const sendOut = useSendOut();
  const [handingOver, setHandingOver] = useState<From | null>(null);

  const failed = (error: unknown) => {
    readAgainIfStale(error);
    setFlash({
      kind: "error",
      text: apiErrorText(t, error, t("repairs.statusFailed")),
      clearAfterMs: isStale(error) ? undefined : STATUS_ERROR_MS,
    });
  };
  const write = async (repair: Pick<From, "id" | "version">, status: RepairStatus, send_out?: SendOut) => {
    try {
      const changed = await repairsApi.setStatus(repair.id, status, {
        notify: notify(),
        send_out,
        version: repair.version,
      });
      keep(changed);
      return changed;
    } catch (error) {
      readAgainIfStale(error);
      throw error;
    }
  };
  /** The change said, with Undo; after a handover its receipt; and (once its link is made) the news to send by WhatsApp. */
  const offerUndo = (before: RepairStatus, changed: RepairJson) => {
    const said: Flash = {
      kind: "success",
      links:
        changed.status === "picked_up" ? [{ label: t("print.pickupReceipt"), href: printHref(changed.id, "a5") }] : [],
      text: t("repairs.statusUpdated"),
      clearAfterMs: NOTICE_GRACE_MS,
      action: {
        label: t("repairs.undo"),
        run: () => {
          setFlash(null);
          write(changed, before).then(() => setFlash({ kind: "success", text: t("repairs.undone") }), failed);
        },
      },
    };
    setFlash(said);
    if (chatNumber(changed.customer_phone))
      repairsApi.whatsapp(changed.id).then(
        ({ url }) =>
          url &&
          setFlash((shown) =>
            shown === said
              ? { ...said, links: [...(said.links ?? []), { label: t("repair.whatsapp"), href: url, apart: true }] }
              : shown,
          ),
        () => undefined,
      );
  };
  const changed = (from: From, status: RepairStatus) => (repair: RepairJson) => {
    offerUndo(from.status, repair);
    onChanged?.(status, repair);
  };

  /** Moves `repair` to `status`, asking first where that move asks something. */
  const moveTo = async (repair: From, status: RepairStatus) => {
    if (status === "picked_up") return setHandingOver(repair);
    // The send-out dialog says its own errors and stays open until saved.
    if (status === "outsourced")
      return sendOut.ask(async (details) => changed(repair, status)(await write(repair, status, details)));
    await write(repair, status).then(changed(repair, status), failed);
  };
  /** A repair already out: its send-out's details changed (the status stays, so nothing to undo). */
  const changeSendOut = (repair: From & OutNow) =>
    sendOut.ask(
      async (details) => {
        await write(repair, "outsourced", details);
      },
      1,
      {
        workshop_id: repair.workshop_id ?? undefined,
        sent_on: repair.sent_out_on ? formatDate(repair.sent_out_on) : undefined,
        expected_back: repair.expected_back_on ? formatDate(repair.expected_back_on) : "",
        cost: repair.outsource_cost,
        tracking: repair.outsource_tracking ?? "",
      },
    );

  const dialogs = (
    <>
      {sendOut.dialog}
      {handingOver && (
        <HandOverDialog
          repair={handingOver}
          notify={notify}
          onClose={() => setHandingOver(null)}
          onHandedOver={(handed, signatureError) => {
            keep(handed);
            if (signatureError)
              setFlash({ kind: "error", text: apiErrorText(t, signatureError, t("signature.failed")) });
            else changed(handingOver, "picked_up")(handed);
          }}
          onFailed={failed}
        />
      )}
    </>
  );
  return { moveTo, changeSendOut, failed, dialogs, sendOut };
}
