"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { Locale } from "@/i18n/config";
import { ApiError } from "@/lib/client/api-client";
import { paymentsApi } from "@/lib/client/counter-api";
import {
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  type PaymentJson,
  type PaymentKind,
  type PaymentMethod,
} from "@/lib/payments/kinds";
import { amountInputText, formatAmount, parseAmount } from "@/lib/repairs/money";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { Modal } from "@/components/ui/modal";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field, MoneyField, SelectField } from "@/components/ui/field";
import { ErrorNotice } from "@/components/ui/notice";
import { Form } from "@/components/ui/form";

/** The kind, amount, method and note of a payment, as the counter types them (the amount in the user's language). */
export function PaymentFields({
  kind,
  amount,
  method,
  onChange,
  amountError,
  kinds = PAYMENT_KINDS,
}: {
  kind?: PaymentKind;
  amount: string;
  method: PaymentMethod;
  onChange: (change: { kind?: PaymentKind; amount?: string; method?: PaymentMethod }) => void;
  amountError?: string;
  kinds?: readonly PaymentKind[];
}) {
  const t = useTranslations("money");
  const locale = useLocale() as Locale;
  const parsed = amount.trim() ? parseAmount(amount, locale) : null;
  return (
    <>
      {kind && kinds.length > 1 && (
        <SelectField
          label={t("kind")}
          value={kind}
          onChange={(e) => onChange({ kind: e.target.value as PaymentKind })}
          options={kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
      )}
      <MoneyField
        label={t("amount")}
        value={amount}
        onChange={(e) => onChange({ amount: e.target.value })}
        error={amountError}
        hint={!amountError && parsed?.value != null && t("readAs", { amount: formatAmount(parsed.value, locale) })}
      />
      <SelectField
        label={t("method")}
        value={method}
        onChange={(e) => onChange({ method: e.target.value as PaymentMethod })}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
      />
    </>
  );
}

// Taking a deposit, a payment or a refund for a repair: the amount as typed,
// read by the server in the user's language.
export function PaymentDialog({
  repairId,
  initial,
  title,
  onClose,
  onSaved,
}: {
  repairId: string;
  initial: { kind: PaymentKind; amount: number | null };
  title?: string;
  onClose: () => void;
  onSaved: (payment: PaymentJson) => void;
}) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const [kind, setKind] = useState(initial.kind);
  const [amount, setAmount] = useState(amountInputText(initial.amount, locale));
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [note, setNote] = useState("");
  // A refund gives back money paid over the price, or is a discount that lowers the price: asked, never assumed.
  const [discount, setDiscount] = useState(false);
  const noteId = useId();
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseAmount(amount, locale);
    if (parsed.error) return setAmountError(fieldErrorText(t, parsed.error));
    setBusy(true);
    setFailure(null);
    try {
      onSaved(await paymentsApi.pay(repairId, { kind, amount, method, note, discount: kind === "refund" && discount }));
    } catch (error) {
      if (error instanceof ApiError && error.fields?.amount) setAmountError(fieldErrorText(t, error.fields.amount));
      else setFailure(apiErrorText(t, error, t("money.failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title ?? t(`money.titles.${kind}`)}>
      <Form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <PaymentFields
          kind={kind}
          amount={amount}
          method={method}
          amountError={amountError}
          onChange={(change) => {
            if (change.kind) setKind(change.kind);
            if (change.amount !== undefined) {
              setAmount(change.amount);
              setAmountError(undefined);
            }
            if (change.method) setMethod(change.method);
          }}
        />
        {kind === "refund" && (
          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="mb-1 font-medium text-slate-800">{t("money.refundIs")}</legend>
            {[false, true].map((asDiscount) => (
              <label key={String(asDiscount)} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="refund-is"
                  className="mt-1"
                  checked={discount === asDiscount}
                  onChange={() => setDiscount(asDiscount)}
                />
                <span>{t(asDiscount ? "money.refundDiscount" : "money.refundOverpaid")}</span>
              </label>
            ))}
          </fieldset>
        )}
        <Field
          id={noteId}
          label={t("money.note")}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          autoComplete="off"
        />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <DialogButtons
          cancelLabel={t("money.cancel")}
          onCancel={onClose}
          confirmLabel={t(`money.save.${kind}`)}
          busy={busy}
          busyLabel={t("money.saving")}
        />
      </Form>
    </Modal>
  );
}
