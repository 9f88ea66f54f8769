"use client";

import { DeleteRepairDialog } from "./delete-dialog";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { repairsApi, shopApi, type SendOut } from "@/lib/client/api";
import { ApiError } from "@/lib/client/api-client";
import { NOTICE_GRACE_MS, QUOTE_DAYS } from "@/lib/repairs/limits";
import type { PhotoJson, RepairJson } from "@/lib/repairs/serialize";
import { isClosed, type RepairStatus } from "@/lib/repairs/workflow";
import type { QuickAction } from "@/lib/repairs/quick-actions";
import { useFormat } from "@/components/repairs/format";
import { BackToList } from "@/components/repairs/list/back-to-list";
import { apiErrorText } from "@/components/ui/error-text";
import { STATUS_ERROR_MS, useFlash } from "@/components/ui/use-flash";
import { PhotoGallery } from "./photo-gallery";
import {
  ConditionSection,
  CustomerSection,
  DetailsSection,
  FinalPriceSection,
  QuoteSection,
  Section,
  TimelineSection,
} from "./repair-sections";
import { FlashNotice } from "@/components/ui/notice";
import { CustomerLinkSection } from "./customer-link-section";
import { NoticesSection } from "./notices-section";
import { RelatedSection } from "./related-section";
import { HistorySection } from "./history-section";
import { PickupDialog, type Pickup } from "@/components/repairs/status/pickup-dialog";
import { RepairHeader } from "./repair-header";
import { comebackValues } from "@/components/repairs/form/repair-form-values";
import { handOver } from "@/components/repairs/status/hand-over";
import { MoneySection } from "@/components/money/money-section";
import { ServiceSection, WarrantySection } from "./aftercare-sections";
import { PaymentDialog } from "@/components/money/payment-dialog";
import { Signatures } from "./signatures";
import { useSendOut } from "@/components/repairs/status/use-send-out";
import { formatDate } from "@/lib/repairs/dates";
import { lazyComponent } from "@/components/ui/lazy";
import { draftKey } from "@/components/repairs/form/draft-key";
import { shrinkPhoto } from "@/components/repairs/form/shrink-photo";
import { rememberedListHref, sayOnList } from "@/components/repairs/list/list-memory";

// The forms (and the schema they check with) load when opened, not with the page.
const MoneyDialog = lazyComponent(() => import("./money-dialog").then((m) => m.MoneyDialog));
const RepairFormDialog = lazyComponent(() =>
  import("@/components/repairs/form/repair-form-dialog").then((m) => m.RepairFormDialog),
);

const isStale = (error: unknown) => error instanceof ApiError && error.code === "repairChanged";

/** A repair as loaded: its page, every change made on it, and the dialogs. */
export function RepairView({
  repair,
  askSignature,
  onChange,
  reload,
}: {
  repair: RepairJson;
  askSignature: boolean;
  onChange: (repair: RepairJson) => void;
  /** Reads the repair again (after a change elsewhere on it, or one refused as stale). */
  reload: () => void;
}) {
  const t = useTranslations();
  const { id } = repair;
  const router = useRouter();
  const format = useFormat();
  // An edit typed before the session ended (the form's draft) opens again at once.
  const [dialog, setDialog] = useState<
    "quote" | "quickQuote" | "finalPrice" | "delete" | "edit" | "pickUp" | "comeback" | null
  >(() => (sessionStorage.getItem(draftKey(id)) === null ? null : "edit"));
  const [flash, setFlash] = useFlash();
  const [depositOffer, setDepositOffer] = useState<{ amount: number; percent: number } | null>(null);
  const sendOut = useSendOut();
  // Unticked: the next change is not emailed to the customer (then it ticks itself again).
  const [tell, setTell] = useState(true);
  const notify = () => {
    const skip = !tell;
    setTell(true);
    return skip ? false : undefined;
  };

  const photos = repair.photos ?? [];
  const closed = isClosed(repair.status);
  const keep = (next: Partial<RepairJson>) => onChange({ ...repair, ...next, photos });
  const failWith = (fallback: string) => (error: unknown) => {
    readAgainIfStale(error);
    throw new Error(apiErrorText(t, error, fallback));
  };

  // Every write says which version it was made on; one refused because the
  // repair changed since (a customer's answer, a colleague) reads it again.
  const { version } = repair;
  const readAgainIfStale = (error: unknown) => {
    if (isStale(error)) reload();
  };
  /** For the send-out dialog, which says the error itself. */
  const readAgainAndThrow = (error: unknown): never => {
    readAgainIfStale(error);
    throw error;
  };
  const run = async (work: () => Promise<Partial<RepairJson> | void>, fallback: string, errorMs?: number) => {
    try {
      const next = await work();
      if (next) keep(next);
    } catch (error) {
      readAgainIfStale(error);
      setFlash({
        kind: "error",
        text: apiErrorText(t, error, fallback),
        clearAfterMs: isStale(error) ? undefined : errorMs,
      });
    }
  };
  /** After a change: Undo while its email is held (a slip mails no one), which puts `before` back. */
  const offerUndo = (before: RepairStatus, changed: RepairJson) =>
    setFlash({
      kind: "success",
      text: t("repairs.statusUpdated"),
      clearAfterMs: NOTICE_GRACE_MS,
      action: {
        label: t("repairs.undo"),
        run: () => {
          setFlash(null);
          void run(
            async () => {
              const back = await repairsApi.setStatus(id, before, { version: changed.version });
              setFlash({ kind: "success", text: t("repairs.undone") });
              return back;
            },
            t("repairs.statusFailed"),
            STATUS_ERROR_MS,
          );
        },
      },
    });
  /** A quote approved with nothing paid yet: the shop's share of it is offered as a deposit. */
  const offerDeposit = async (approved: RepairJson) => {
    const { deposit_percent: percent } = await shopApi.get();
    if (!percent || approved.quote_amount === null || approved.paid_total > 0) return;
    setDepositOffer({ amount: Math.round(approved.quote_amount * percent) / 100, percent });
  };
  const changeStatus = (status: RepairStatus) => {
    const change = async (send_out?: SendOut) => {
      const changed = await repairsApi.setStatus(id, status, { notify: notify(), send_out, version });
      offerUndo(repair.status, changed);
      if (status === "approved") void offerDeposit(changed).catch(() => {});
      return changed;
    };
    return status === "outsourced"
      ? sendOut.ask(async (details) => keep(await change(details).catch(readAgainAndThrow)))
      : run(change, t("repairs.statusFailed"), STATUS_ERROR_MS);
  };
  /** Picked up, with who collected it and their signature (saved once the status is). */
  const pickUp = (pickup: Pickup) =>
    run(
      async () => {
        const { changed, signatureError } = await handOver(repair, pickup, notify());
        offerUndo(repair.status, changed);
        if (signatureError) setFlash({ kind: "error", text: apiErrorText(t, signatureError, t("signature.failed")) });
        return changed;
      },
      t("repairs.statusFailed"),
      STATUS_ERROR_MS,
    );
  /** A status picked on the badge: going out asks where, handing over asks who collects (as the buttons do). */
  const moveTo = (status: RepairStatus) => (status === "picked_up" ? setDialog("pickUp") : changeStatus(status));
  // The quote dialog is titled like the button that opened it.
  // Picking up locks the repair for good: that one move is confirmed first.
  const quickAction = (action: QuickAction) =>
    action.kind === "openQuote"
      ? setDialog("quickQuote")
      : action.kind === "openSendOut"
        ? changeStatus("outsourced")
        : moveTo(action.to);

  return (
    <div className="flex flex-col gap-5">
      <BackToList className="text-sm text-blue-800 underline">← {t("repair.back")}</BackToList>
      <RepairHeader
        repair={repair}
        onStatus={(status) => void moveTo(status)}
        onAction={(action) => void quickAction(action)}
        onEdit={() => setDialog("edit")}
        onDelete={() => setDialog("delete")}
      />

      <FlashNotice flash={flash} />

      <div className="grid gap-5 lg:grid-cols-2">
        <CustomerSection repair={repair} />
        <DetailsSection
          repair={repair}
          onChangeSendOut={() =>
            sendOut.ask(
              async (details) =>
                keep(
                  await repairsApi.setStatus(id, "outsourced", { send_out: details, version }).catch(readAgainAndThrow),
                ),
              1,
              {
                workshop_id: repair.workshop_id ?? undefined,
                sent_on: repair.sent_out_on ? formatDate(repair.sent_out_on) : undefined,
                expected_back: repair.expected_back_on ? formatDate(repair.expected_back_on) : "",
                cost: repair.outsource_cost,
                tracking: repair.outsource_tracking ?? "",
              },
            )
          }
        />
        <ServiceSection repair={repair} />
        <WarrantySection repair={repair} onComeback={() => setDialog("comeback")} />
        <ConditionSection repair={repair}>
          <Signatures repair={repair} refresh={repair.version} askFirst={askSignature} />
        </ConditionSection>
        <QuoteSection repair={repair} closed={closed} onEdit={() => setDialog("quote")} />
        <FinalPriceSection repair={repair} closed={closed} onEdit={() => setDialog("finalPrice")} />
        <MoneySection
          repair={repair}
          onChanged={(said) => {
            reload();
            if (said) setFlash({ kind: "success", text: said });
          }}
        />
        <Section title={t("repair.photos")}>
          <PhotoGallery
            photos={photos}
            onAdd={(files) =>
              run(async () => {
                await repairsApi.addPhotos(id, await Promise.all(files.map(shrinkPhoto)));
                reload();
              }, t("createRepair.uploadFailed"))
            }
            onDelete={(photo: PhotoJson) =>
              run(async () => {
                await repairsApi.deletePhoto(id, photo.id);
                onChange({ ...repair, photos: photos.filter((p) => p.id !== photo.id) });
              }, t("repair.errors.deletePhoto"))
            }
          />
        </Section>
        <TimelineSection repair={repair} />
        <HistorySection repair={repair} />
        <RelatedSection repair={repair} />
        <CustomerLinkSection repair={repair} onReplaced={keep} />
        <NoticesSection repair={repair} tell={tell} onTellChange={setTell} />
      </div>

      {(dialog === "quote" || dialog === "quickQuote") && (
        <MoneyDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
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
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={(saved) => {
            keep(saved);
            setDialog(null);
            setFlash({ kind: "success", text: t("createRepair.updated") });
          }}
          // The photo adder uploads at once; the repair is read again behind
          // the form, which stays open with whatever was typed in it.
          onPhotosAdded={reload}
          onStale={reload}
        />
      )}
      {dialog === "comeback" && (
        // The item came back: a new repair for the same customer and item, linked to this one.
        <RepairFormDialog
          open
          initial={comebackValues(repair)}
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            router.push(`/repairs/${saved.id}`);
          }}
        />
      )}
      {dialog === "finalPrice" && (
        <MoneyDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
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
      {sendOut.dialog}
      {depositOffer && (
        <PaymentDialog
          repairId={id}
          initial={{ kind: "deposit", amount: depositOffer.amount }}
          title={t("money.offerDeposit", { amount: format.money(depositOffer.amount), percent: depositOffer.percent })}
          onClose={() => setDepositOffer(null)}
          onSaved={(payment) => {
            setDepositOffer(null);
            reload();
            setFlash({
              kind: "success",
              text: t("money.saved", { kind: t(`money.kinds.${payment.kind}`), amount: format.money(payment.amount) }),
            });
          }}
        />
      )}
      {dialog === "pickUp" && (
        <PickupDialog
          repair={repair}
          onCancel={() => setDialog(null)}
          onConfirm={(pickup) => {
            setDialog(null);
            void pickUp(pickup);
          }}
        />
      )}
      {dialog === "delete" && (
        <DeleteRepairDialog
          repair={repair}
          onClose={() => setDialog(null)}
          onDeleted={(kept) => {
            // Back to the list as it was searched, which says what happened.
            sayOnList(t(kept ? "success.deletedKept" : "repair.deleted", { number: repair.repair_number }));
            router.push(rememberedListHref());
          }}
        />
      )}
    </div>
  );
}
