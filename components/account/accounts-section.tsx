"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { accountsApi, type AccountJson } from "@/lib/client/api";
import { MAX_ACCOUNTS_PER_SHOP } from "@/lib/accounts/limits";
import { dayTimeIn } from "@/lib/time-zone";
import { useCurrentUser } from "@/components/session/auth-guard";
import { apiErrorText } from "@/components/ui/error-text";
import { Breakable } from "@/components/ui/facts";
import { FlashNotice } from "@/components/ui/notice";
import { useFlash } from "@/components/ui/use-flash";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Field } from "@/components/ui/field";

// Settings: the shop's accounts, and removing one (staff who leave) after
// typing one's own password. All accounts have the same privileges.

function RemoveForm({ account, onDone }: { account: AccountJson; onDone: (message: string | null) => void }) {
  const t = useTranslations();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await accountsApi.remove(account.id, password);
      onDone(t("success.accountRemoved"));
    } catch (failure) {
      setError(apiErrorText(t, failure, t("accounts.removeFailed")));
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={submit} className="mt-2 flex flex-col gap-3 rounded-md bg-red-50 p-3">
      <p className="text-sm text-slate-800">{t("accounts.removeExplain", { name: account.name })}</p>
      <Field
        label={t("accounts.yourPassword")}
        type="password"
        autoComplete="current-password"
        value={password}
        autoFocus
        onChange={(e) => {
          setPassword(e.target.value);
          setError(null);
        }}
        className="max-w-72"
      />
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy || !password} className={button("danger")}>
          {t("accounts.confirmRemove")}
        </button>
        <button type="button" onClick={() => onDone(null)} className={button("secondary")}>
          {t("settings.cancel")}
        </button>
      </div>
    </Form>
  );
}

export function AccountsSection() {
  const t = useTranslations();
  const { user, reload } = useCurrentUser();
  const [accounts, setAccounts] = useState<AccountJson[] | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [flash, setFlash] = useFlash();
  // What a staff member cannot do is not offered (the server refuses it too).
  const isOwner = user.role === "owner";
  const owners = accounts?.filter((account) => account.role === "owner").length ?? 0;

  async function setRole(account: AccountJson, role: "owner" | "staff") {
    try {
      await accountsApi.setRole(account.id, role);
      setFlash({
        kind: "success",
        text: t(role === "owner" ? "accounts.nowOwner" : "accounts.nowStaff", { name: account.name }),
      });
      await Promise.all([load(), reload()]);
    } catch (error) {
      setFlash({ kind: "error", text: apiErrorText(t, error, t("accounts.roleFailed")) });
    }
  }

  const load = useCallback(
    () =>
      accountsApi.list().then(
        (answer) => setAccounts(answer.accounts),
        (error: unknown) => setFlash({ kind: "error", text: apiErrorText(t, error, t("accounts.loadFailed")) }),
      ),
    [t, setFlash],
  );
  useEffect(() => {
    load();
  }, [load]);

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="accounts-title">
      <h2 id="accounts-title" className="text-lg font-semibold">
        {t("settings.accounts")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("accounts.limit", { max: MAX_ACCOUNTS_PER_SHOP })}</p>
      <FlashNotice flash={flash} />
      <ul className="mt-3 flex flex-col divide-y divide-slate-200">
        {accounts?.map((account) => (
          <li key={account.id} className="py-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {account.name}
                  {account.is_you && <span className="ml-2 text-slate-600">({t("accounts.you")})</span>}
                  <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                    {t(`roles.${account.role}`)}
                  </span>
                </p>
                <p className="text-slate-700">
                  <Breakable text={account.email} />
                </p>
                <p className="text-slate-600">
                  {t("settings.twofa")}: {account.twofa_enabled ? t("settings.twofaOn") : t("settings.twofaOff")}
                  {" · "}
                  {account.last_sign_in_at
                    ? t("accounts.lastSignIn", { when: dayTimeIn(account.last_sign_in_at, user.time_zone) })
                    : t("accounts.neverSignedIn")}
                </p>
              </div>
              {isOwner && removing !== account.id && (
                <div className="flex flex-wrap gap-2">
                  {/* The other role; never the last owner made staff (the server refuses it too). */}
                  {(account.role === "staff" || owners > 1) && (
                    <button
                      type="button"
                      onClick={() => void setRole(account, account.role === "staff" ? "owner" : "staff")}
                      className={button("secondary")}
                      aria-label={t(account.role === "staff" ? "accounts.makeOwnerNamed" : "accounts.makeStaffNamed", {
                        name: account.name,
                      })}
                    >
                      {t(account.role === "staff" ? "accounts.makeOwner" : "accounts.makeStaff")}
                    </button>
                  )}
                  {!account.is_you && (
                    <button
                      type="button"
                      onClick={() => setRemoving(account.id)}
                      className={button("secondary", "text-red-800")}
                      aria-label={t("accounts.removeNamed", { name: account.name })}
                    >
                      {t("accounts.remove")}
                    </button>
                  )}
                </div>
              )}
            </div>
            {removing === account.id && (
              <RemoveForm
                account={account}
                onDone={async (message) => {
                  setRemoving(null);
                  if (!message) return;
                  setFlash({ kind: "success", text: message });
                  await Promise.all([load(), reload()]);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      {isOwner ? (
        <Link href="/create-subaccount" className="mt-2 inline-block text-blue-800 underline">
          {t("settings.createSubaccount")}
        </Link>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t("accounts.ownerOnlyAccounts")}</p>
      )}
    </section>
  );
}
