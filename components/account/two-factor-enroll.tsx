"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { authApi } from "@/lib/client/api";
import { CodeField } from "@/components/auth/code-field";
import { Field } from "@/components/ui/field";
import { apiErrorText } from "@/components/ui/error-text";
import { ErrorNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";

type Setup = Awaited<ReturnType<typeof authApi.setup2fa>>;

// Turning 2FA on: generate a secret (QR code and key), then confirm with a
// code from the app. Used by /setup-2fa and the settings screen.
export function TwoFactorEnroll({
  onEnabled,
  onOn,
  autoStart = false,
}: {
  onEnabled: (message: string) => void;
  /** The code was confirmed: 2FA is on, its recovery codes about to show. */
  onOn?: () => void;
  autoStart?: boolean;
}) {
  const t = useTranslations();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  async function generate() {
    setBusy(true);
    setError(null);
    try {
      setSetup(await authApi.setup2fa());
    } catch (failure) {
      setError(apiErrorText(t, failure, t("setup2fa.generateFailed")));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // On: its recovery codes are shown once, before anything else happens.
      setRecoveryCodes((await authApi.verify2fa({ code, password })).recovery_codes);
      onOn?.();
    } catch (failure) {
      setError(apiErrorText(t, failure, t("setup2fa.verifyFailed")));
    } finally {
      setBusy(false);
    }
  }

  const alert = error && <ErrorNotice>{error}</ErrorNotice>;

  if (recoveryCodes) {
    return (
      <div className="flex flex-col gap-3" role="region" aria-label={t("setup2fa.recoveryTitle")}>
        <h2 className="text-lg font-semibold">{t("setup2fa.recoveryTitle")}</h2>
        <p className="text-slate-700">{t("setup2fa.recoveryExplain")}</p>
        <ol className="grid max-w-sm grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-slate-100 p-3 font-mono text-slate-900 print:bg-white">
          {recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>{recoveryCode}</li>
          ))}
        </ol>
        <RecoveryCodeActions codes={recoveryCodes} />
        <button
          type="button"
          onClick={() => onEnabled(t("success.twofaEnabled"))}
          className={button("primary", "self-start")}
        >
          {t("setup2fa.recoverySaved")}
        </button>
      </div>
    );
  }

  if (!setup) {
    return (
      <div className="flex flex-col gap-3">
        {!autoStart && <p className="text-slate-700">{t("setup2fa.explain")}</p>}
        {alert}
        <button type="button" onClick={generate} disabled={busy} className={button("primary", "self-start")}>
          {busy ? t("setup2fa.generating") : autoStart ? t("settings.enable2fa") : t("setup2fa.generate")}
        </button>
      </div>
    );
  }

  return (
    <Form onSubmit={confirm} className="flex flex-col gap-3">
      <p className="text-slate-700">{t("setup2fa.scan")}</p>
      {/* A data: URL made by the server; next/image adds nothing for it. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={setup.qrCode}
        alt={t("setup2fa.qrAlt")}
        width={200}
        height={200}
        className="rounded border border-slate-200 bg-white"
      />
      <p className="text-sm text-slate-700">
        {t("setup2fa.secret")}:{" "}
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">{setup.secret}</code>
      </p>
      <CodeField
        label={t("setup2fa.code")}
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(null);
        }}
      />
      <p className="text-sm text-slate-700">{t("setup2fa.passwordHint")}</p>
      <div className="max-w-72">
        <Field
          id="enroll-password"
          label={t("setup2fa.password")}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        />
      </div>
      {alert}
      <button
        type="submit"
        disabled={busy || code.length !== 6 || !password}
        className={button("primary", "self-start")}
      >
        {t("setup2fa.confirm")}
      </button>
    </Form>
  );
}

/** The recovery codes kept somewhere safe: copied, saved as a text file, or printed. */
function RecoveryCodeActions({ codes }: { codes: string[] }) {
  const t = useTranslations("setup2fa");
  const [said, setSaid] = useState<string | null>(null);
  const text = `${codes.join("\n")}\n`;
  const small = "rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100";
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      <button
        type="button"
        className={small}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setSaid(t("codesCopied")),
            () => setSaid(t("codesCopyByHand")),
          )
        }
      >
        {t("copyCodes")}
      </button>
      <a
        className={small}
        download="repair-desk-recovery-codes.txt"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
      >
        {t("downloadCodes")}
      </a>
      <button type="button" className={small} onClick={() => window.print()}>
        {t("printCodes")}
      </button>
      {said && (
        <span role="status" className="text-sm text-slate-700">
          {said}
        </span>
      )}
    </div>
  );
}
