"use client";

import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import type { RepairJson } from "@/lib/repairs/serialize";
import { Fact, Facts } from "@/components/ui/facts";
import { useFormat } from "@/components/repairs/format";
import { hasRecord, RecordFacts } from "./record-facts";

// The cards of the repair detail: what is known of the
// customer and the item, the quote, the final price and the dates.

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A section's own action, beside its title (disabled once the repair is closed, where that matters). */
export function SectionAction({
  closed = false,
  onClick,
  children,
}: {
  closed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      disabled={closed}
      onClick={onClick}
      className="rounded-md border border-slate-300 px-3 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-50"
    >
      {children}
    </button>
  );
}

export function CustomerSection({ repair, onAnother }: { repair: RepairJson; onAnother: () => void }) {
  const t = useTranslations("repair");
  const tAll = useTranslations();
  return (
    // Another item left in the same visit (or later): a new repair with this customer typed in.
    <Section
      title={t("customer")}
      action={<SectionAction onClick={onAnother}>{tAll("repairs.anotherItem")}</SectionAction>}
    >
      <Facts>
        <Fact label={t("customerName")} value={repair.customer_name} />
        {/* Tap to call or write, on a phone or a computer that can. */}
        <Fact
          label={t("phone")}
          value={
            repair.customer_phone && (
              <a href={`tel:${repair.customer_phone.replace(/[^\d+]/g, "")}`} className="text-blue-800 underline">
                {repair.customer_phone}
              </a>
            )
          }
        />
        <Fact
          label={t("email")}
          value={
            repair.customer_email && (
              <a href={`mailto:${repair.customer_email}`} className="text-blue-800 underline">
                {repair.customer_email}
              </a>
            )
          }
        />
        <Fact label={t("customerLanguage")} value={tAll(`languages.${repair.customer_language}`)} />
      </Facts>
    </Section>
  );
}

export function DetailsSection({ repair, onChangeSendOut }: { repair: RepairJson; onChangeSendOut: () => void }) {
  const t = useTranslations();
  return (
    <Section
      title={t("repair.details")}
      action={
        repair.status === "outsourced" && (
          <SectionAction closed={false} onClick={onChangeSendOut}>
            {t("repair.changeSendOut")}
          </SectionAction>
        )
      }
    >
      <Facts>
        <Fact label={t("repair.type")} value={t(`itemTypes.${repair.item_type}`)} />
        <Fact label={t("repair.description")} value={repair.item_description} />
        <RecordFacts section="work" repair={repair} />
        <RecordFacts section="identity" repair={repair} />
        <Fact label={t("repair.notes")} value={repair.notes} />
        <Fact label={t("repair.outsourcedTo")} value={repair.outsourced_to} />
        <OutsideWorkshopFacts repair={repair} />
      </Facts>
    </Section>
  );
}

/** What was recorded of the item as it was left: its condition, what came with it, its declared value. */
export function ConditionSection({ repair, children }: { repair: RepairJson; children?: ReactNode }) {
  const t = useTranslations("repair");
  return (
    <Section title={t("sections.condition")}>
      {hasRecord(repair, "condition") ? (
        <Facts>
          <RecordFacts section="condition" repair={repair} />
        </Facts>
      ) : (
        <p className="text-sm text-slate-600">{t("nothingRecorded")}</p>
      )}
      {children}
    </Section>
  );
}

/** Where the item is and since when, while it is out; once back, when it came back. */
function OutsideWorkshopFacts({ repair }: { repair: RepairJson }) {
  const t = useTranslations("repair");
  const format = useFormat();
  const out = repair.status === "outsourced";
  if (!out && !repair.returned_at) return null;
  const workshop = repair.outsourced_to ?? "—";
  const overdue = out && repair.expected_back_on !== null && repair.expected_back_on.slice(0, 10) < format.today();
  return (
    <>
      <Fact
        label={t("whereNow")}
        value={
          out
            ? repair.sent_out_on
              ? t("atWorkshopSince", { workshop, date: format.date(repair.sent_out_on) })
              : workshop
            : t("backFromWorkshop", { workshop, date: format.instant(repair.returned_at) })
        }
      />
      {out && (
        <Fact
          label={t("expectedBack")}
          className={overdue ? "font-medium text-red-800" : ""}
          value={
            repair.expected_back_on &&
            (overdue
              ? t("overdueBack", { date: format.date(repair.expected_back_on) })
              : format.date(repair.expected_back_on))
          }
        />
      )}
      {repair.outsource_cost !== null && <Fact label={t("workshopCost")} value={format.money(repair.outsource_cost)} />}
      {repair.outsource_tracking && <Fact label={t("tracking")} value={repair.outsource_tracking} />}
    </>
  );
}

export function QuoteSection({ repair, closed, onEdit }: { repair: RepairJson; closed: boolean; onEdit: () => void }) {
  const t = useTranslations();
  const format = useFormat();
  return (
    <Section
      title={t("repair.quote")}
      action={
        <SectionAction closed={closed} onClick={onEdit}>
          {repair.quote_amount === null ? t("repair.setQuote") : t("repair.updateQuote")}
        </SectionAction>
      }
    >
      {repair.quote_amount === null ? (
        <p className="text-sm text-slate-600">{t("repair.noQuoteYet")}</p>
      ) : (
        <Facts>
          <Fact label={t("repair.amount")} value={format.money(repair.quote_amount)} />
          <Fact
            label={t("repair.quoteStatus")}
            value={repair.quote_status && t(`quoteStatuses.${repair.quote_status}`)}
          />
          <Fact label={t("repair.quoteNotes")} value={repair.quote_notes} />
          <Fact label={t("fields.quote_created_at")} value={format.instant(repair.quote_created_at)} />
          <Fact label={t("fields.quote_expires_at")} value={format.instant(repair.quote_expires_at)} />
        </Facts>
      )}
    </Section>
  );
}

export function FinalPriceSection({
  repair,
  closed,
  onEdit,
}: {
  repair: RepairJson;
  closed: boolean;
  onEdit: () => void;
}) {
  const t = useTranslations("repair");
  const format = useFormat();
  return (
    <Section
      title={t("finalPrice")}
      action={
        <SectionAction closed={closed} onClick={onEdit}>
          {repair.final_price === null ? t("setFinalPrice") : t("updateFinalPrice")}
        </SectionAction>
      }
    >
      <p className="text-lg font-medium">
        {repair.final_price === null ? t("noFinalPrice") : format.money(repair.final_price)}
      </p>
    </Section>
  );
}

export function TimelineSection({ repair }: { repair: RepairJson }) {
  const t = useTranslations("repair");
  const format = useFormat();
  return (
    <Section title={t("timeline")}>
      <Facts>
        <Fact
          label={t("deadline")}
          value={
            <span className={format.late(repair) ? "font-medium text-red-700" : ""}>
              {format.date(repair.deadline)}
            </span>
          }
        />
        <Fact label={t("lastUpdated")} value={format.instant(repair.updated_at)} />
        <Fact label={t("pickedUp")} value={format.instant(repair.picked_up_at)} />
        {repair.collected_by && (
          <Fact
            label={t("collectedBy")}
            value={[repair.collected_by, repair.id_checked ? t("idChecked") : ""].filter(Boolean).join(" · ")}
          />
        )}
      </Facts>
    </Section>
  );
}
