"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState, type FormEvent } from "react";
import { paymentsApi } from "@/lib/client/counter-api";
import type { PaymentJson, PaymentsJson } from "@/lib/payments/payments";
import type { RepairJson } from "@/lib/repairs/serialize";
import { printHref } from "@/components/print/formats";
import { apiErrorText } from "@/components/ui/error-text";
import { Fact, Facts } from "@/components/ui/facts";
import { Modal } from "@/components/ui/modal";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field } from "@/components/ui/field";
import { ErrorNotice } from "@/components/ui/notice";
import { Form } from "@/components/ui/form";
import { useFormat } from "@/components/repairs/format";
import { PaymentDialog } from "./payment-dialog";
import { Section, SectionAction } from "@/components/repairs/detail/repair-sections";

// The money of a repair (docs/money.md): its payments (a voided one struck
// through, with why), what was paid, what is due and what is left; taking a
// payment, voiding one, printing the payment receipt.

function VoidDialog({
  payment,
  repairId,
  onClose,
  onVoided,
}: {
  payment: PaymentJson;
  repairId: string;
  onClose: () => void;
  onVoided: () => void;
}) {
  const t = useTranslations();
  const format = useFormat();
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await paymentsApi.voidPayment(repairId, payment.id, reason);
      onVoided();
    } catch (error) {
      setFailure(apiErrorText(t, error, t("money.voidFailed")));
    }
  }
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("money.voidTitle")}
      description={`${t("money.voidWhich", {
        kind: t(`money.kinds.${payment.kind}`),
        amount: format.money(payment.amount),
        date: format.instant(payment.created_at),
        method: t(`money.methods.${payment.method}`),
      })} ${t("money.voidHint")}`}
    >
      <Form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field id={reasonId} label={t("money.voidReason")} value={reason} onChange={(e) => setReason(e.target.value)} />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <DialogButtons
          cancelLabel={t("money.cancel")}
          onCancel={onClose}
          confirmLabel={t("money.void")}
          kind="danger"
        />
      </Form>
    </Modal>
  );
}

export function MoneySection({
  repair,
  onChanged,
}: {
  repair: RepairJson;
  /** A payment was taken or voided: the repair (its paid total, its version) is read again. */
  onChanged: (said?: string) => void;
}) {
  const t = useTranslations();
  const format = useFormat();
  const [money, setMoney] = useState<PaymentsJson | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [taking, setTaking] = useState(false);
  const [voiding, setVoiding] = useState<PaymentJson | null>(null);
  useEffect(() => {
    let live = true;
    paymentsApi.list(repair.id).then(
      (answer) => live && setMoney(answer),
      (error: unknown) => live && setFailure(apiErrorText(t, error, t("money.failed"))),
    );
    return () => {
      live = false;
    };
  }, [repair.id, repair.version, t]);

  const balance = money?.balance_due ?? repair.balance_due;
  return (
    <Section
      title={t("money.title")}
      action={<SectionAction onClick={() => setTaking(true)}>{t("money.take")}</SectionAction>}
    >
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <Facts>
        <Fact
          label={t("money.due")}
          value={repair.amount_due === null ? t("money.dueNotSet") : format.money(repair.amount_due)}
        />
        <Fact label={t("money.paid")} value={format.money(repair.paid_total)} />
        {repair.amount_due === null ? (
          // Nothing is due before a price: what was paid waits for it, it is not money owed back.
          repair.paid_total > 0 && <Fact label={t("money.balance")} value={t("money.waitsForPrice")} />
        ) : (
          <Fact
            label={balance < 0 ? t("money.toGiveBack") : t("money.balance")}
            value={format.money(Math.abs(balance))}
            className={balance > 0 ? "font-semibold text-red-800" : "font-semibold"}
          />
        )}
      </Facts>
      {money && money.payments.length === 0 && <p className="mt-3 text-sm text-slate-600">{t("money.none")}</p>}
      {money && money.payments.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {money.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className={payment.voided_at ? "text-slate-500" : ""}>
                <p className={payment.voided_at ? "line-through" : "font-medium"}>
                  {t(`money.kinds.${payment.kind}`)}
                  {payment.discount && ` (${t("money.discountMark")})`} ·{" "}
                  {format.money(payment.kind === "refund" ? -payment.amount : payment.amount)}
                </p>
                <p className="text-slate-600">
                  {t("money.by", {
                    date: format.instant(payment.created_at),
                    method: t(`money.methods.${payment.method}`),
                    name: payment.created_by ?? "—",
                  })}
                  {payment.note && ` · ${payment.note}`}
                </p>
                {payment.voided_at && (
                  <p>
                    {t("money.voided", { date: format.instant(payment.voided_at), reason: payment.void_reason ?? "" })}
                  </p>
                )}
              </div>
              {!payment.voided_at && (
                <button type="button" onClick={() => setVoiding(payment)} className="text-sm text-red-800 underline">
                  {t("money.void")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {money && money.payments.length > 0 && (
        <Link
          href={`${printHref(repair.id, "a5")}&doc=payment`}
          className="mt-3 inline-block text-sm text-blue-800 underline"
        >
          {t("money.printReceipt")}
        </Link>
      )}
      {taking && (
        <PaymentDialog
          repairId={repair.id}
          initial={{ kind: repair.amount_due === null ? "deposit" : "payment", amount: balance > 0 ? balance : null }}
          onClose={() => setTaking(false)}
          onSaved={(payment) => {
            setTaking(false);
            onChanged(
              t("money.saved", { kind: t(`money.kinds.${payment.kind}`), amount: format.money(payment.amount) }),
            );
          }}
        />
      )}
      {voiding && (
        <VoidDialog
          payment={voiding}
          repairId={repair.id}
          onClose={() => setVoiding(null)}
          onVoided={() => {
            setVoiding(null);
            onChanged();
          }}
        />
      )}
    </Section>
  );
}
