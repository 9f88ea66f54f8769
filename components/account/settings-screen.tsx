"use client";

import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { LOCALES, type Locale } from "@/i18n/config";
import { authApi, settingsApi } from "@/lib/client/api";
import { ApiError } from "@/lib/client/api-client";
import { useCurrentUser } from "@/components/session/auth-guard";
import { apiErrorText } from "@/components/ui/error-text";
import { rememberLocale } from "@/components/ui/language-switcher";
import { Breakable, Fact, Facts } from "@/components/ui/facts";
import { FlashNotice, SuccessNotice } from "@/components/ui/notice";
import { SUCCESS_MS, useFlash } from "@/components/ui/use-flash";
import { AccountsSection } from "./accounts-section";
import { ShopSection } from "./shop-section";
import { WorkshopsSection } from "./workshops-section";
import { NoticesSettings } from "./notices-settings";
import { TimeZoneSection } from "./time-zone-section";
import { TwoFactorEnroll } from "./two-factor-enroll";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Field } from "@/components/ui/field";

const card = "rounded-xl border border-slate-200 bg-white p-5";

/** `showOn`: 2FA is on while its recovery codes are still shown (true), or the account was read again (false). */
function TwoFactorSection({ showOn }: { showOn: (on: boolean) => void }) {
  const t = useTranslations();
  const { user, reload } = useCurrentUser();
  const [disabling, setDisabling] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useFlash();

  async function disable(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await authApi.disable2fa({ password });
      setDisabling(false);
      setPassword("");
      await reload();
      setFlash({ kind: "success", text: t("success.twofaDisabled") });
    } catch (error) {
      // "Incorrect password" only when the server said so (its code); never for an outage.
      setFlash({ kind: "error", text: apiErrorText(t, error, t("settings.disableFailed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={card} aria-labelledby="twofa-title">
      <h2 id="twofa-title" className="text-lg font-semibold">
        {t("settings.twofa")}
      </h2>
      <div className="mt-3 flex flex-col gap-3">
        <FlashNotice flash={flash} />
        {!user.twofa_enabled && (
          <TwoFactorEnroll
            autoStart
            onOn={() => showOn(true)}
            onEnabled={async (message) => {
              await reload();
              showOn(false);
              setFlash({ kind: "success", text: message });
            }}
          />
        )}
        {user.twofa_enabled && !disabling && (
          <button
            type="button"
            onClick={() => setDisabling(true)}
            className="self-start rounded-md border border-red-300 px-4 py-2 text-red-800 hover:bg-red-50"
          >
            {t("settings.disable2fa")}
          </button>
        )}
        {user.twofa_enabled && disabling && (
          <Form onSubmit={disable} className="flex flex-col gap-3">
            <p className="text-sm text-slate-700">{t("settings.disableWithPassword")}</p>
            <Field
              label={t("settings.password")}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="max-w-72"
            />
            <div className="flex gap-3">
              <button type="submit" disabled={busy || !password} className={button("danger")}>
                {t("settings.confirmDisable")}
              </button>
              <button type="button" onClick={() => setDisabling(false)} className={button("secondary")}>
                {t("settings.cancel")}
              </button>
            </div>
          </Form>
        )}
      </div>
    </section>
  );
}

function LanguageSection() {
  const t = useTranslations();
  const router = useRouter();
  const current = useLocale() as Locale;
  const [choice, setChoice] = useState<Locale>(current);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useFlash();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await settingsApi.save({ language: choice });
    } catch (error) {
      // 401 and 404 are ignored; other failures are logged and said.
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 404))) {
        console.error("Saving the language failed", error);
        setFlash({ kind: "error", text: t("settings.saveFailed") });
        setBusy(false);
        return;
      }
    }
    rememberLocale(choice);
    router.refresh();
    // Said once the page is in the new language (the text is read at render time).
    setSaved(true);
    setBusy(false);
  }

  return (
    <section className={card} aria-label={t("settings.language")}>
      <Form onSubmit={save} className="flex flex-col gap-3">
        <fieldset>
          <legend className="text-lg font-semibold">{t("settings.language")}</legend>
          <div className="mt-3 flex flex-wrap gap-4">
            {LOCALES.map((locale) => (
              <label key={locale} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="language"
                  value={locale}
                  checked={choice === locale}
                  onChange={() => setChoice(locale)}
                />
                {t(`languages.${locale}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <FlashNotice flash={flash} />
        {saved && <SuccessNotice>{t("settings.saved")}</SuccessNotice>}
        <button type="submit" disabled={busy || choice === current} className={button("primary", "self-start")}>
          {busy ? t("settings.saving") : t("settings.save")}
        </button>
      </Form>
    </section>
  );
}

// /settings.
export function SettingsScreen() {
  const t = useTranslations();
  const { user } = useCurrentUser();
  const role = t(`roles.${user.role}`);
  // On as soon as the code is confirmed, while its recovery codes are still on the screen.
  const [turnedOn, setTurnedOn] = useState(false);
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <h1 className="text-2xl font-semibold">{t("settings.title")}</h1>
      <section className={card}>
        <h2 className="text-lg font-semibold">{t("settings.profile")}</h2>
        <Facts className="mt-3">
          <Fact label={t("settings.email")} value={<Breakable text={user.email} />} />
          <Fact label={t("settings.role")} value={role.charAt(0).toUpperCase() + role.slice(1)} />
          <Fact label={t("settings.shopId")} value={<Breakable text={user.shopId} />} className="font-mono text-xs" />
          <Fact
            label={t("settings.twofa")}
            value={user.twofa_enabled || turnedOn ? t("settings.twofaOn") : t("settings.twofaOff")}
          />
        </Facts>
      </section>
      <TwoFactorSection showOn={setTurnedOn} />
      <LanguageSection />
      <TimeZoneSection />
      <ShopSection />
      <NoticesSettings />
      <WorkshopsSection />
      <AccountsSection />
      {user.role === "owner" && (
        <section className={card} aria-labelledby="records-title">
          <h2 id="records-title" className="text-lg font-semibold">
            {t("settings.records")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("settings.recordsHint")}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link href="/deleted-repairs" className={button("secondary")}>
              {t("settings.deletedLink")}
            </Link>
            <Link href="/activity" className={button("secondary")}>
              {t("settings.activityLink")}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
