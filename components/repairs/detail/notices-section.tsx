"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { repairsApi, type NoticeJson } from "@/lib/client/api";
import type { RepairJson } from "@/lib/repairs/serialize";
import { dayTimeIn } from "@/lib/time-zone";
import { apiErrorText } from "@/components/ui/error-text";
import { FlashNotice } from "@/components/ui/notice";
import { useFlash } from "@/components/ui/use-flash";
import { useCurrentUser } from "@/components/session/auth-guard";
import { Section } from "./repair-sections";

const PENDING_POLL_MS = 2_000;

const STATE_STYLE: Record<NoticeJson["state"], string> = {
  queued: "bg-slate-100 text-slate-800",
  sending: "bg-blue-50 text-blue-900",
  sent: "bg-green-50 text-green-900",
  failed: "bg-red-50 text-red-800",
};

// The emails the customer was sent about this repair (docs/customers.md, Notices): each
// with its state, the reason of a failure, and "send again"; and the box that
// skips the notice of the next change.
export function NoticesSection({
  repair,
  tell,
  onTellChange,
}: {
  repair: RepairJson;
  tell: boolean;
  onTellChange: (tell: boolean) => void;
}) {
  const t = useTranslations();
  const { user } = useCurrentUser();
  const [loaded, setLoaded] = useState<{ mail_configured: boolean; notices: NoticeJson[] } | null>(null);
  const [flash, setFlash] = useFlash();
  const [version, setVersion] = useState(0);

  // Read again after every change of the repair (a change may have queued one).
  useEffect(() => {
    repairsApi
      .notices(repair.id)
      .then(setLoaded, (error: unknown) =>
        setFlash({ kind: "error", text: apiErrorText(t, error, t("noticesUi.loadFailed")) }),
      );
  }, [repair.id, repair.updated_at, version, t, setFlash]);

  // While a notice is on its way, its state is read again every few seconds.
  const pending = loaded?.notices.some((n) => n.state === "queued" || n.state === "sending") ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setVersion((v) => v + 1), PENDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, loaded]);

  async function sendAgain(notice: NoticeJson) {
    try {
      await repairsApi.resendNotice(repair.id, notice.id);
      setFlash({ kind: "success", text: t("success.noticeQueued") });
      setVersion((v) => v + 1);
    } catch (error) {
      setFlash({ kind: "error", text: apiErrorText(t, error, t("noticesUi.resendFailed")) });
    }
  }

  const when = (iso: string) => dayTimeIn(iso, user.time_zone);
  const eventText = (notice: NoticeJson) =>
    (notice.event === "status" || notice.event === "answered") && notice.status
      ? t(`noticesUi.events.${notice.event}`, { status: t(`statuses.${notice.status}`) })
      : t(`noticesUi.events.${notice.event as Exclude<NoticeJson["event"], "status" | "answered">}`);

  return (
    <Section title={t("noticesUi.title")}>
      {loaded && !loaded.mail_configured && <p className="text-sm text-slate-700">{t("noticesUi.mailOff")}</p>}
      {loaded?.mail_configured && !repair.customer_email && (
        <p className="text-sm text-slate-700">{t("noticesUi.noEmail")}</p>
      )}
      {loaded?.mail_configured && repair.customer_email && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={tell} onChange={(e) => onTellChange(e.target.checked)} className="h-4 w-4" />
          {t("noticesUi.tell")}
        </label>
      )}
      {loaded && loaded.notices.length === 0 && loaded.mail_configured && (
        <p className="mt-2 text-sm text-slate-600">{t("noticesUi.none")}</p>
      )}
      {loaded && loaded.notices.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2">
          {loaded.notices.map((notice) => (
            <li key={notice.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{eventText(notice)}</span>
                <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_STYLE[notice.state]}`}>
                  {t(`noticesUi.states.${notice.state}`)}
                </span>
                <span className="text-slate-600">{when(notice.sent_at ?? notice.created_at)}</span>
                {loaded.mail_configured && (notice.state === "sent" || notice.state === "failed") && (
                  <button
                    type="button"
                    onClick={() => void sendAgain(notice)}
                    className="ml-auto rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100"
                  >
                    {t("noticesUi.sendAgain")}
                  </button>
                )}
              </div>
              <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{notice.to_email}</p>
              {notice.last_error && notice.state !== "sent" && (
                <p className="mt-1 text-red-800 [overflow-wrap:anywhere]">
                  {t("noticesUi.reason", { reason: notice.last_error })}
                </p>
              )}
              {notice.state === "queued" && notice.attempts > 0 && (
                <p className="mt-1 text-slate-600">{t("noticesUi.retry", { time: when(notice.next_attempt_at) })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2">
        <FlashNotice flash={flash} />
      </div>
    </Section>
  );
}
