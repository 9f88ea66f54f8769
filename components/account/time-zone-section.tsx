"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { settingsApi } from "@/lib/client/api";
import { dayTimeIn } from "@/lib/time-zone";
import { useCurrentUser } from "@/components/session/auth-guard";
import { apiErrorText } from "@/components/ui/error-text";
import { FlashNotice } from "@/components/ui/notice";
import { useFlash } from "@/components/ui/use-flash";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { INPUT } from "@/components/ui/input-style";

/** Every IANA zone this browser knows, with the shop's current one first in case the list lacks it. */
function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}

// The shop's time zone, in which every account of the shop sees and exports
// instants (created, updated, picked up, quote times).
export function TimeZoneSection() {
  const t = useTranslations();
  const { user, reload } = useCurrentUser();
  const [choice, setChoice] = useState(user.time_zone);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useFlash();
  const options = useMemo(() => zones(user.time_zone), [user.time_zone]);
  // The shop's, like its other settings: an owner's to change.
  const isOwner = user.role === "owner";

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await settingsApi.save({ time_zone: choice });
      await reload();
      setFlash({ kind: "success", text: t("settings.timeZoneSaved") });
    } catch (error) {
      setFlash({ kind: "error", text: apiErrorText(t, error, t("settings.timeZoneFailed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-label={t("settings.timeZone")}>
      <Form onSubmit={save} className="flex flex-col gap-3">
        <label htmlFor="time-zone" className="text-lg font-semibold">
          {t("settings.timeZone")}
        </label>
        <p id="time-zone-hint" className="text-sm text-slate-700">
          {t("settings.timeZoneHint")}
        </p>
        {!isOwner && (
          <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("accounts.ownerOnlySettings")}
          </p>
        )}
        <select
          id="time-zone"
          aria-describedby="time-zone-hint"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          disabled={!isOwner}
          className={`${INPUT} max-w-full sm:max-w-sm`}
        >
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <p className="text-sm text-slate-600">{t("settings.timeZoneNow", { time: dayTimeIn(new Date(), choice) })}</p>
        <FlashNotice flash={flash} />
        <button
          type="submit"
          disabled={!isOwner || busy || choice === user.time_zone}
          className={button("primary", "self-start")}
        >
          {busy ? t("settings.saving") : t("settings.save")}
        </button>
      </Form>
    </section>
  );
}
