"use client";

import { RepairDialogs, type RepairDialog } from "./repair-dialogs";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { repairsApi, shopApi } from "@/lib/client/api";
import type { PhotoJson, RepairJson } from "@/lib/repairs/serialize";
import { isClosed, type RepairStatus } from "@/lib/repairs/workflow";
import type { QuickAction } from "@/lib/repairs/quick-actions";
import { useFormat } from "@/components/repairs/format";
import { BackToList } from "@/components/repairs/list/back-to-list";
import { apiErrorText } from "@/components/ui/error-text";
import { useFlash } from "@/components/ui/use-flash";
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
import { RepairHeader } from "./repair-header";
import { MoneySection } from "@/components/money/money-section";
import { ServiceSection, WarrantySection } from "./aftercare-sections";
import { PaymentDialog } from "@/components/money/payment-dialog";
import { Signatures } from "./signatures";
import { useStatusChange } from "@/components/repairs/status/use-status-change";
import { isStale } from "@/lib/client/api-client";
import { draftKey } from "@/components/repairs/form/draft-key";
import { shrinkPhoto } from "@/components/repairs/form/shrink-photo";

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
  const format = useFormat();
  // An edit typed before the session ended (the form's draft) opens again at once.
  const [dialog, setDialog] = useState<RepairDialog | null>(() =>
    sessionStorage.getItem(draftKey(id)) === null ? null : "edit",
  );
  const [flash, setFlash] = useFlash();
  const [depositOffer, setDepositOffer] = useState<{ amount: number; percent: number } | null>(null);
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

  // Every write says which version it was made on; one refused because the
  // repair changed since (a customer's answer, a colleague) reads it again.
  const readAgainIfStale = (error: unknown) => {
    if (isStale(error)) reload();
  };
  const run = async (work: () => Promise<Partial<RepairJson> | void>, fallback: string) => {
    try {
      const next = await work();
      if (next) keep(next);
    } catch (error) {
      readAgainIfStale(error);
      setFlash({
        kind: "error",
        text: apiErrorText(t, error, fallback),
      });
    }
  };
  /** A quote approved with nothing paid yet: the shop's share of it is offered as a deposit. */
  const offerDeposit = async (approved: RepairJson) => {
    const { deposit_percent: percent } = await shopApi.get();
    if (!percent || approved.quote_amount === null || approved.paid_total > 0) return;
    setDepositOffer({ amount: Math.round(approved.quote_amount * percent) / 100, percent });
  };
  const statusChange = useStatusChange({
    setFlash,
    keep,
    readAgainIfStale,
    notify,
    onChanged: (status, changed) => {
      if (status === "approved") void offerDeposit(changed).catch(() => {});
    },
  });
  /** A status picked on the badge or a button: going out asks where, handing over asks who collects. */
  const moveTo = (status: RepairStatus) => statusChange.moveTo(repair, status);
  // The quote dialog is titled like the button that opened it.
  // Picking up locks the repair for good: that one move is confirmed first.
  const quickAction = (action: QuickAction) =>
    action.kind === "openQuote"
      ? setDialog("quickQuote")
      : moveTo(action.kind === "openSendOut" ? "outsourced" : action.to);

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
        <CustomerSection repair={repair} onAnother={() => setDialog("another")} />
        <DetailsSection repair={repair} onChangeSendOut={() => statusChange.changeSendOut(repair)} />
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

      <RepairDialogs
        repair={repair}
        dialog={dialog}
        onClose={() => setDialog(null)}
        keep={keep}
        reload={reload}
        notify={notify}
        setFlash={setFlash}
      />
      {statusChange.dialogs}
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
    </div>
  );
}
