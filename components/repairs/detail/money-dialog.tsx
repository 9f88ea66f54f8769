"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { Locale } from "@/i18n/config";
import { amountInputText, formatAmount, parseAmount } from "@/lib/repairs/money";
import { QUOTE_DAYS } from "@/lib/repairs/limits";
import { finalPriceSchema, quoteSchema } from "@/lib/repairs/schema";
import { fieldErrorText } from "@/components/ui/error-text";
import { Modal } from "@/components/ui/modal";
import { ErrorNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { AreaField, Field, MoneyField } from "@/components/ui/field";

export type MoneyValue = { amount: number; notes?: string; days?: number };

// The set/update quote dialog (amount, notes, expiry in days) and the final
// price dialog (amount only).
export function MoneyDialog({
  open,
  onOpenChange,
  title,
  withQuoteFields,
  initial,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  withQuoteFields: boolean;
  initial: { amount: number | null; notes?: string | null };
  /** `false`: not saved after all (the person said no to a question); the dialog stays open. */
  onSubmit: (value: MoneyValue) => Promise<void | false>;
}) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const [amount, setAmount] = useState(amountInputText(initial.amount, locale));
  const parsed = parseAmount(amount, locale);
  const [notes, setNotes] = useState(initial.notes ?? "");
  const [days, setDays] = useState(String(QUOTE_DAYS.default));
  const [errors, setErrors] = useState<{ amount?: string; days?: string; notes?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The amount as typed in the user's language, then the server's own schema
    // (lib/repairs/schema.ts) on what would be sent: the same rules and limits.
    const dayCount = /^\s*\d+\s*$/.test(days) ? Number(days) : Number.NaN;
    const sent = withQuoteFields
      ? quoteSchema.safeParse({
          amount: parsed.value ?? undefined,
          notes,
          expires_in_hours: Number.isInteger(dayCount) ? dayCount * 24 : Number.NaN,
        })
      : finalPriceSchema.safeParse({ amount: parsed.value ?? undefined });
    const codes: Record<string, string> = {};
    for (const issue of sent.error?.issues ?? []) codes[String(issue.path[0])] ??= issue.message;
    const found = {
      amount: fieldErrorText(t, parsed.error ?? codes.amount),
      days: fieldErrorText(t, codes.expires_in_hours),
      notes: fieldErrorText(t, codes.notes),
    };
    setErrors(found);
    if (found.amount || found.days || found.notes) return;
    setBusy(true);
    setFailure(null);
    try {
      const saved = await onSubmit({ amount: parsed.value!, ...(withQuoteFields ? { notes, days: dayCount } : {}) });
      if (saved !== false) onOpenChange(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title}>
      <Form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {/* Text, not type=number: a number input drops or misreads "90,5" in some browsers and languages. */}
        <MoneyField
          label={t("repair.amount")}
          required
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setErrors((x) => ({ ...x, amount: undefined }));
          }}
          error={errors.amount}
          hint={
            !errors.amount &&
            parsed.value !== null &&
            t("repair.amountReadAs", { amount: formatAmount(parsed.value, locale) })
          }
        />
        {withQuoteFields && (
          <>
            <AreaField
              label={t("repair.quoteNotes")}
              value={notes}
              onChange={(e) => {
                setNotes(e.target.value);
                setErrors((x) => ({ ...x, notes: undefined }));
              }}
              rows={3}
              error={errors.notes}
            />
            {/* Text, not number: a browser's number field turns "90,5" into 905 without a word; here a
                day count that is not whole is said as such. */}
            <Field
              label={t("repair.expiresInDays")}
              inputMode="numeric"
              value={days}
              onChange={(e) => {
                setDays(e.target.value);
                setErrors((x) => ({ ...x, days: undefined }));
              }}
              error={errors.days}
            />
          </>
        )}
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={() => onOpenChange(false)} className={button("secondary")}>
            {t("repair.cancel")}
          </button>
          <button type="submit" disabled={busy} className={button("primary")}>
            {t("repair.save")}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
