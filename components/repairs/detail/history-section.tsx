"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { repairsApi } from "@/lib/client/api";
import type { HistoryEntry } from "@/lib/repairs/history";
import type { RepairJson } from "@/lib/repairs/serialize";
import { dayTimeIn } from "@/lib/time-zone";
import { apiErrorText } from "@/components/ui/error-text";
import { useCurrentUser } from "@/components/session/auth-guard";
import { useFormat } from "@/components/repairs/format";
import { Section } from "./repair-sections";
import { eventParts } from "@/lib/repairs/event-detail";

// Everything that happened to the repair, newest first, each with who and
// when (in the shop's time zone). Read again after every change of it.
export function HistorySection({ repair }: { repair: RepairJson }) {
  const t = useTranslations();
  const format = useFormat();
  const { user } = useCurrentUser();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const photos = repair.photos?.length ?? 0;
  useEffect(() => {
    repairsApi.history(repair.id).then(
      (answer) => setEntries(answer.history),
      (error: unknown) => setFailure(apiErrorText(t, error, t("history.failed"))),
    );
  }, [repair.id, repair.updated_at, photos, t]);

  const status = (s: string | null) => (s ? t(`statuses.${s}` as "statuses.received") : "—");
  const what = (e: HistoryEntry): string => {
    switch (e.kind) {
      case "created":
        return t("history.created", { to: status(e.to) });
      case "status":
        return t("history.status", { from: status(e.from), to: status(e.to) });
      case "link_answer":
        return t("history.linkAnswer", { to: status(e.to) });
      case "quote_set":
        return t("history.quoteSet", { amount: format.money(Number(e.detail)) });
      case "final_price_set":
        return e.detail === null
          ? t("history.finalPriceCleared")
          : t("history.finalPriceSet", { amount: format.money(Number(e.detail)) });
      case "photo_added":
        return t("history.photoAdded", { name: e.detail ?? "" });
      case "photo_removed":
        return t("history.photoRemoved", { name: e.detail ?? "" });
      case "sent_out":
        return t("history.sentOut", { name: e.detail ?? "" });
      case "payment": {
        const [kind, amount, method] = eventParts(e.detail, 3);
        return t("history.payment", {
          kind: t(`money.kinds.${kind}` as "money.kinds.payment"),
          amount: format.money(Number(amount)),
          method: t(`money.methods.${method}` as "money.methods.cash"),
        });
      }
      case "payment_voided": {
        const [kind, amount, reason] = eventParts(e.detail, 3);
        return t("history.paymentVoided", {
          kind: t(`money.kinds.${kind}` as "money.kinds.payment"),
          amount: format.money(Number(amount)),
          reason,
        });
      }
      case "picked_up_with_due":
        return t("history.pickedUpWithDue", { amount: format.money(Number(e.detail)) });
      case "signed": {
        const [stage, name] = eventParts(e.detail, 2);
        return t(stage === "pickup" ? "history.signedPickup" : "history.signed", { name });
      }
      case "notice": {
        const [event, state] = eventParts(e.detail, 2);
        const label =
          event === "status" && e.to
            ? t("noticesUi.events.status", { status: status(e.to) })
            : t(`noticesUi.events.${event}` as "noticesUi.events.ready");
        return t("history.notice", { event: label, state: t(`noticesUi.states.${state}` as "noticesUi.states.sent") });
      }
    }
  };
  const who = (e: HistoryEntry) =>
    e.by_customer
      ? t("history.byCustomer")
      : (e.by ?? (e.kind === "notice" ? t("history.byNobody") : t("history.byDeleted")));

  return (
    <Section title={t("history.title")}>
      {failure && <p className="text-sm text-red-800">{failure}</p>}
      {entries?.length === 0 && <p className="text-sm text-slate-600">{t("history.empty")}</p>}
      {entries && entries.length > 0 && (
        <ol className="flex flex-col gap-2">
          {entries.map((entry, i) => (
            <li key={`${entry.at}-${i}`} className="border-l-2 border-slate-200 pl-3 text-sm">
              <p className="text-slate-900 [overflow-wrap:anywhere]">{what(entry)}</p>
              <p className="text-slate-600">
                {t("history.by", { when: dayTimeIn(entry.at, user.time_zone), who: who(entry) })}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
