"use client";

import { useTranslations } from "next-intl";
import { useCurrentUser } from "@/components/session/auth-guard";
import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api-client";
import { noticeSettingsApi, type NoticeSettings } from "@/lib/client/api";
import { REPAIR_STATUSES } from "@/lib/repairs/workflow";
import { button } from "@/components/ui/button";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { FlashNotice } from "@/components/ui/notice";
import { useFlash } from "@/components/ui/use-flash";
import { Form } from "@/components/ui/form";

type Values = Omit<NoticeSettings, "mail_configured" | "not_collected_days" | "shop_email"> & {
  not_collected: boolean;
  days: string;
};
/** Each switch is named after the notice it sends. */
const SWITCHES = [
  ["received", "noticeReceived"],
  ["quote", "noticeQuote"],
  ["ready", "noticeReady"],
  ["quote_expiring", "noticeQuoteExpiring"],
] as const;
const OTHER_STATUSES = REPAIR_STATUSES.filter((s) => s !== "ready");

// The shop's notice switches (settings): which changes are emailed to
// customers, each with an example of the subject they get.
export function NoticesSettings() {
  const t = useTranslations();
  const isOwner = useCurrentUser().user.role === "owner";
  const [values, setValues] = useState<Values | null>(null);
  const [mail, setMail] = useState(true);
  const [shopEmail, setShopEmail] = useState<string | null>(null);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useFlash();

  const load = (settings: NoticeSettings) => {
    setMail(settings.mail_configured);
    setShopEmail(settings.shop_email);
    setValues({
      received: settings.received,
      quote: settings.quote,
      ready: settings.ready,
      quote_expiring: settings.quote_expiring,
      statuses: settings.statuses,
      shop_answers: settings.shop_answers,
      not_collected: settings.not_collected_days !== null,
      days: String(settings.not_collected_days ?? 7),
    });
  };
  useEffect(() => {
    noticeSettingsApi
      .get()
      .then(load, (error: unknown) =>
        setFlash({ kind: "error", text: apiErrorText(t, error, t("settings.noticesFailed")) }),
      );
  }, [t, setFlash]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    const days = Number(values.days);
    if (values.not_collected && !(Number.isInteger(days) && days >= 1 && days <= 365)) {
      setDaysError(t("errors.daysInvalid"));
      return;
    }
    setBusy(true);
    try {
      load(
        await noticeSettingsApi.save({
          received: values.received,
          quote: values.quote,
          ready: values.ready,
          quote_expiring: values.quote_expiring,
          statuses: values.statuses,
          shop_answers: values.shop_answers,
          not_collected_days: values.not_collected ? days : null,
        }),
      );
      setFlash({ kind: "success", text: t("success.noticesSaved") });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.not_collected_days)
        setDaysError(fieldErrorText(t, error.fields.not_collected_days) ?? null);
      else setFlash({ kind: "error", text: apiErrorText(t, error, t("settings.noticesFailed")) });
    } finally {
      setBusy(false);
    }
  }

  // An example subject for each switch, in the user's language.
  const example = (event: string) =>
    t(`notices.subject.${event}` as "notices.subject.received", {
      shop: "",
      number: "R-0042",
      yourItem: t("notices.yourItem.watch"),
      gender: t("notices.gender.watch"),
      status: t("statusPage.statuses.in_repair"),
    }).replace(/^: /, "");
  const set = (change: Partial<Values>) => setValues((current) => current && { ...current, ...change });

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-label={t("settings.notices")}>
      <h2 className="text-lg font-semibold">{t("settings.notices")}</h2>
      <p className="mt-1 text-sm text-slate-700">{t("settings.noticesHint")}</p>
      {!mail && (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("settings.noticesOff")}</p>
      )}
      {mail && !isOwner && (
        <p role="note" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("accounts.ownerOnlySettings")}
        </p>
      )}
      {values && (
        <Form noValidate onSubmit={save} className="mt-3 flex flex-col gap-3">
          <fieldset disabled={!mail || !isOwner} className="flex flex-col gap-3 disabled:opacity-60">
            {SWITCHES.map(([name, label]) => (
              <Switch
                key={name}
                checked={values[name]}
                onChange={(on) => set({ [name]: on })}
                label={t(`settings.${label}`)}
                hint={t("settings.noticePreview", { subject: example(name) })}
              />
            ))}
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  checked={values.not_collected}
                  onChange={(e) => set({ not_collected: e.target.checked })}
                  className="mt-1 h-4 w-4"
                />
                <span className="font-medium text-slate-900">{t("settings.noticeNotCollected")}</span>
              </label>
              <label className="flex items-center gap-2">
                <span className="sr-only">{t("settings.noticeNotCollectedDays")}</span>
                <input
                  type="number"
                  min={1}
                  max={365}
                  inputMode="numeric"
                  value={values.days}
                  disabled={!values.not_collected}
                  aria-invalid={daysError ? true : undefined}
                  onChange={(e) => {
                    set({ days: e.target.value });
                    setDaysError(null);
                  }}
                  className="w-20 rounded-md border border-slate-300 px-2 py-1 text-base"
                />
              </label>
              {daysError && <span className="w-full text-red-700">{daysError}</span>}
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-900">{t("settings.noticeStatuses")}</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {OTHER_STATUSES.map((status) => (
                  <label key={status} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={values.statuses.includes(status)}
                      onChange={(e) =>
                        set({
                          statuses: e.target.checked
                            ? [...values.statuses, status]
                            : values.statuses.filter((s) => s !== status),
                        })
                      }
                      className="h-4 w-4"
                    />
                    {t(`statuses.${status}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <Switch
              className="border-t border-slate-200 pt-3"
              checked={values.shop_answers}
              onChange={(on) => set({ shop_answers: on })}
              label={t("settings.noticeShopAnswers")}
              hint={
                shopEmail
                  ? t("settings.noticeShopAnswersHint", { email: shopEmail })
                  : t("settings.noticeShopAnswersNoEmail")
              }
            />
            <button type="submit" disabled={busy} className={button("primary", "self-start")}>
              {busy ? t("settings.saving") : t("settings.save")}
            </button>
          </fieldset>
        </Form>
      )}
      <div className="mt-2">
        <FlashNotice flash={flash} />
      </div>
    </section>
  );
}

/** A notice's switch: what it sends, and under it an example or where it goes. */
function Switch({
  checked,
  onChange,
  label,
  hint,
  className = "",
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  hint: string;
  className?: string;
}) {
  return (
    <label className={`flex items-start gap-2 text-sm ${className}`}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-1 h-4 w-4" />
      <span>
        <span className="font-medium text-slate-900">{label}</span>
        <span className="block text-slate-600 [overflow-wrap:anywhere]">{hint}</span>
      </span>
    </label>
  );
}
