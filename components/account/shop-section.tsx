"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { LOCALES, type Locale } from "@/i18n/config";
import { ApiError } from "@/lib/client/api-client";
import { shopApi, type ShopDetails } from "@/lib/client/api";
import { button } from "@/components/ui/button";
import { useCurrentUser } from "@/components/session/auth-guard";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { FlashNotice } from "@/components/ui/notice";
import { useFlash } from "@/components/ui/use-flash";
import { Form } from "@/components/ui/form";
import { AreaField, Field, SelectField } from "@/components/ui/field";
import { seriesNumber } from "@/lib/repairs/series";
import { dayIn } from "@/lib/time-zone";

/** The terms of each language are a field of their own here (`ticket_terms.ca`, as the server names its errors). */
type TermsField = `ticket_terms.${Locale}`;
type ShopField = Exclude<keyof ShopDetails, "time_zone" | "ticket_terms"> | TermsField;
const TERMS = LOCALES.map((locale) => `ticket_terms.${locale}` as TermsField);
const FIELDS: { name: ShopField; label: string; multiline?: boolean; type?: string }[] = [
  { name: "name", label: "shopName" },
  { name: "language", label: "shopLanguage", type: "language" },
  { name: "address", label: "shopAddress", multiline: true },
  { name: "phone", label: "shopPhone", type: "tel" },
  { name: "email", label: "shopEmail", type: "email" },
  { name: "opening_hours", label: "shopHours", multiline: true },
  ...TERMS.map((name) => ({ name, label: "shopTerms", multiline: true })),
  { name: "ready_waiting_days", label: "readyWaitingDays", type: "days" },
  { name: "legal_name", label: "legalName" },
  { name: "tax_id", label: "taxId" },
  { name: "repair_number_prefix", label: "numberPrefix" },
  { name: "next_repair_number", label: "nextNumber", type: "days" },
  { name: "deposit_percent", label: "depositPercent", type: "days" },
  { name: "warranty_months", label: "warrantyMonths", type: "days" },
];

const asText = (details: ShopDetails) =>
  Object.fromEntries(
    FIELDS.map(({ name }) => {
      const value = name.startsWith("ticket_terms.")
        ? details.ticket_terms[name.slice("ticket_terms.".length) as Locale]
        : details[name as Exclude<ShopField, TermsField>];
      return [name, String(value ?? "")];
    }),
  ) as Record<ShopField, string>;
/**
 * What the server takes: texts as typed, numbers as numbers (the server says
 * if one is not). The series' next number goes only when it was changed here:
 * the counter moves with every new repair, and a form opened before must not
 * set it back.
 */
const asSent = (values: Record<ShopField, string>, loaded: Record<ShopField, string>) => ({
  ...Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith("ticket_terms."))),
  ticket_terms: Object.fromEntries(LOCALES.map((locale) => [locale, values[`ticket_terms.${locale}`]])),
  ready_waiting_days: values.ready_waiting_days.trim() === "" ? null : Number(values.ready_waiting_days),
  next_repair_number:
    values.next_repair_number === loaded.next_repair_number
      ? undefined
      : values.next_repair_number.trim() === ""
        ? null
        : Number(values.next_repair_number),
  // Empty: no deposit is suggested.
  deposit_percent: values.deposit_percent.trim() === "" ? null : Number(values.deposit_percent),
  warranty_months: values.warranty_months.trim() === "" ? null : Number(values.warranty_months),
});

// The shop's details (any account of the shop may edit them): the name, how
// customers reach it, and the terms printed on tickets.
export function ShopSection() {
  const t = useTranslations();
  const [values, setValues] = useState<Record<ShopField, string> | null>(null);
  const [loaded, setLoaded] = useState<Record<ShopField, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ShopField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useFlash();
  const { reload, user } = useCurrentUser();
  const isOwner = user.role === "owner";

  useEffect(() => {
    shopApi.get().then(
      (details) => {
        setValues(asText(details));
        setLoaded(asText(details));
      },
      (error: unknown) => setFlash({ kind: "error", text: apiErrorText(t, error, t("settings.shopFailed")) }),
    );
  }, [t, setFlash]);

  // Field errors clear when the field is edited.
  const change = (name: ShopField, value: string) => {
    setValues((current) => current && { ...current, [name]: value });
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    setBusy(true);
    try {
      const saved = asText(await shopApi.save(asSent(values, loaded ?? values)));
      setValues(saved);
      setLoaded(saved);
      // New repairs take the shop's language: the signed-in user's copy of it changes too.
      void reload();
      setErrors({});
      setFlash({ kind: "success", text: t("success.shopSaved") });
    } catch (error) {
      // An error about a field shows under that field, once; anything else below the form.
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Partial<Record<ShopField, string>>);
      else setFlash({ kind: "error", text: apiErrorText(t, error, t("settings.shopFailed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-label={t("settings.shop")}>
      <h2 className="text-lg font-semibold">{t("settings.shop")}</h2>
      <p className="mt-1 text-sm text-slate-700">{t("settings.shopHint")}</p>
      {!isOwner && (
        <p role="note" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("accounts.ownerOnlySettings")}
        </p>
      )}
      {values && (
        // Staff see the settings and cannot change them (the server refuses it too).
        <fieldset disabled={!isOwner} className="contents">
          <Form noValidate onSubmit={save} className="mt-3 grid gap-3 sm:grid-cols-2">
            {FIELDS.map(({ name, label, multiline, type }) => {
              const terms = name.startsWith("ticket_terms.") ? (name.slice(13) as Locale) : null;
              const part = {
                label: terms
                  ? t("settings.shopTermsIn", { language: t(`languages.${terms}`) })
                  : t(`settings.${label}` as "settings.shopName"),
                value: values[name],
                onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
                  change(name, e.target.value),
                error: errors[name] && fieldErrorText(t, errors[name]),
                hint:
                  (terms === LOCALES[0] && t("settings.shopTermsHint")) ||
                  (name === "next_repair_number" &&
                    t("settings.nextNumberHint", {
                      example: seriesNumber(
                        values.repair_number_prefix.trim() || "R",
                        dayIn(new Date(), user.time_zone),
                        Number(values.next_repair_number) || 1,
                      ),
                    })),
              };
              if (type === "language")
                return (
                  <SelectField
                    key={name}
                    {...part}
                    options={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
                  />
                );
              if (multiline) return <AreaField key={name} {...part} rows={terms ? 4 : 2} wide />;
              return (
                <Field
                  key={name}
                  {...part}
                  type={type === "days" ? "text" : (type ?? "text")}
                  inputMode={type === "days" ? "numeric" : undefined}
                />
              );
            })}
            <div className="flex flex-col gap-3 sm:col-span-2">
              <FlashNotice flash={flash} />
              <button type="submit" disabled={busy} className={button("primary", "self-start")}>
                {busy ? t("settings.saving") : t("settings.save")}
              </button>
            </div>
          </Form>
        </fieldset>
      )}
      {!values && <FlashNotice flash={flash} />}
    </section>
  );
}
