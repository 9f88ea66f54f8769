"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import { authApi, settingsApi } from "@/lib/client/api";
import { isLocale } from "@/i18n/config";
import { emailError } from "@/lib/auth/rules";
import {
  pathAfterSignIn,
  readAccessToken,
  rememberRecoveryCodesLeft,
  saveLogin,
  signInReason,
  type SignInReason,
} from "@/lib/client/session";
import { PICKED_BEFORE_SIGN_IN, rememberLocale } from "@/components/ui/language-switcher";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { Field } from "@/components/ui/field";
import { ErrorNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";

// /login: email and password; the 2FA code field appears only
// after the server asks for it, and then email and password are locked.
/** The address's query does not change while this screen is open. */
const noChange = () => () => undefined;

export function LoginForm() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needsCode, setNeedsCode] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Sent here by a session that ended (or an account the shop removed): said above the form
  // (read from the address once in the browser; the server's render has none).
  const ended: SignInReason | null = signInReason(
    useSyncExternalStore(
      noChange,
      () => window.location.search,
      () => "",
    ),
  );

  // Someone already signed in goes straight to the dashboard (its guard checks the session).
  useEffect(() => {
    if (readAccessToken()) router.replace(pathAfterSignIn(window.location.search));
  }, [router]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      email: fieldErrorText(t, emailError(email)),
      password: password ? undefined : t("errors.passwordRequired"),
      code: needsCode && !code ? t("errors.twofaCodeRequired") : undefined,
    };
    setFieldErrors(errors);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await authApi.login({ email: email.trim(), password, ...(needsCode ? { twofa_code: code } : {}) });
      if (answer.requires2FA) {
        setNeedsCode(true);
        return;
      }
      saveLogin(answer);
      if (answer.recovery_codes_left !== undefined) rememberRecoveryCodesLeft(answer.recovery_codes_left);
      // A language picked on this screen becomes the account's (saved to its
      // settings); otherwise the account's saved one applies from the first
      // signed-in screen on: a different one needs the page rendered anew in
      // it, not a client-side move that keeps this language.
      const picked = window.sessionStorage.getItem(PICKED_BEFORE_SIGN_IN);
      window.sessionStorage.removeItem(PICKED_BEFORE_SIGN_IN);
      let language = answer.user.language;
      if (isLocale(picked) && picked !== language)
        language = await settingsApi.save({ language: picked }).then(
          () => picked,
          () => language,
        );
      rememberLocale(language);
      const next = pathAfterSignIn(window.location.search);
      if (language === locale) router.push(next);
      // A full load, in the saved language.
      else window.location.assign(next);
    } catch (failure) {
      setError(apiErrorText(t, failure, t("login.failed")));
    } finally {
      setBusy(false);
    }
  }

  const clear = (field: string) => setFieldErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <Form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {ended && !error && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t(`errors.${ended}`)}
        </p>
      )}
      <Field
        id="email"
        label={t("login.email")}
        type="email"
        autoComplete="username"
        value={email}
        disabled={needsCode}
        error={fieldErrors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          clear("email");
        }}
      />
      <Field
        id="password"
        label={t("login.password")}
        type="password"
        autoComplete="current-password"
        value={password}
        disabled={needsCode}
        error={fieldErrors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          clear("password");
        }}
      />
      {needsCode && (
        <div className="flex flex-col gap-1">
          <Field
            key={recovery ? "recovery" : "app"}
            id={recovery ? "recovery-code" : "twofa-code"}
            label={recovery ? t("login.recoveryCode") : t("login.twofaCode")}
            {...(recovery
              ? { autoComplete: "off", autoCapitalize: "characters", maxLength: 11 }
              : { inputMode: "numeric" as const, autoComplete: "one-time-code", maxLength: 6 })}
            required
            autoFocus
            value={code}
            error={fieldErrors.code}
            onChange={(e) => {
              setCode(e.target.value);
              clear("code");
            }}
          />
          <p className="text-sm text-slate-600">{recovery ? t("login.recoveryHint") : t("login.twofaHint")}</p>
          <button
            type="button"
            onClick={() => {
              setRecovery(!recovery);
              setCode("");
              clear("code");
            }}
            className="self-start text-sm text-blue-800 underline"
          >
            {recovery ? t("login.useAppCode") : t("login.useRecoveryCode")}
          </button>
        </div>
      )}
      {error && <ErrorNotice>{error}</ErrorNotice>}
      {needsCode && (
        <button
          type="button"
          onClick={() => {
            // Back to the first step: email and password unlocked, the code gone.
            setNeedsCode(false);
            setRecovery(false);
            setCode("");
            setPassword("");
            setError(null);
            setFieldErrors({});
          }}
          className="self-start text-sm text-blue-800 underline"
        >
          {t("login.otherAccount")}
        </button>
      )}
      <button type="submit" disabled={busy} className={button("primary")}>
        {busy ? t("login.submitting") : t("login.submit")}
      </button>
      {!needsCode && (
        <Link href="/forgot-password" className="self-start text-sm text-blue-800 underline">
          {t("login.forgot")}
        </Link>
      )}
    </Form>
  );
}
