"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { repairsApi } from "@/lib/client/api";
import type { DeletedRepairJson, DeletedRepairs } from "@/lib/repairs/archive";
import { dayTimeIn } from "@/lib/time-zone";
import { useCurrentUser } from "@/components/session/auth-guard";
import { button } from "@/components/ui/button";
import { apiErrorText } from "@/components/ui/error-text";
import { ErrorNotice, SuccessNotice } from "@/components/ui/notice";
import { OwnersOnly } from "./owners-only";

// /deleted-repairs (owners): the repairs kept after their delete (paid,
// signed or handed over), each restorable, and the numbers erased for good,
// each with who, when and why, so the series has no silent gap.

function Entry({ entry, erased, onRestore }: { entry: DeletedRepairJson; erased?: boolean; onRestore?: () => void }) {
  const t = useTranslations();
  const { user } = useCurrentUser();
  const who = entry.deleted_by ?? t("deletedRepairs.someone");
  const when = dayTimeIn(entry.deleted_at, user.time_zone);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium">
          {entry.repair_number} · {entry.customer_name}
        </p>
        {entry.item_description && <p className="break-words text-slate-600">{entry.item_description}</p>}
        <p className="text-slate-600">
          {t(erased ? "deletedRepairs.erasedBy" : "deletedRepairs.deletedBy", { who, when })}
        </p>
        <p className="break-words text-slate-600">
          {t("deletedRepairs.reason", { reason: entry.reason ?? t("activity.noReason") })}
        </p>
      </div>
      {onRestore && (
        <button type="button" onClick={onRestore} className={button("secondary")}>
          {t("deletedRepairs.restore")}
        </button>
      )}
    </li>
  );
}

export function DeletedRepairsScreen() {
  const t = useTranslations();
  const [list, setList] = useState<DeletedRepairs | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  const load = useCallback(
    () =>
      repairsApi
        .deleted()
        .then(setList, (error: unknown) => setFailure(apiErrorText(t, error, t("deletedRepairs.failed")))),
    [t],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function restore(entry: DeletedRepairJson) {
    try {
      await repairsApi.restore(entry.id);
      setSaid(t("deletedRepairs.restored", { number: entry.repair_number }));
      setFailure(null);
      await load();
    } catch (error) {
      setFailure(apiErrorText(t, error, t("deletedRepairs.failed")));
    }
  }

  const card = "rounded-xl border border-slate-200 bg-white p-5";
  return (
    <OwnersOnly>
      <div className="flex max-w-3xl flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t("deletedRepairs.title")}</h1>
          <p className="mt-1 text-slate-600">{t("deletedRepairs.intro")}</p>
        </div>
        {said && <SuccessNotice>{said}</SuccessNotice>}
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        {list && (
          <>
            <section aria-labelledby="kept-title" className={card}>
              <h2 id="kept-title" className="text-lg font-semibold">
                {t("deletedRepairs.kept")}
              </h2>
              {list.archived.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{t("deletedRepairs.none")}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {list.archived.map((entry) => (
                    <Entry key={entry.id} entry={entry} onRestore={() => void restore(entry)} />
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="erased-title" className={card}>
              <h2 id="erased-title" className="text-lg font-semibold">
                {t("deletedRepairs.erased")}
              </h2>
              {list.erased.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{t("deletedRepairs.noneErased")}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {list.erased.map((entry) => (
                    <Entry key={`${entry.id}-${entry.deleted_at}`} entry={entry} erased />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </OwnersOnly>
  );
}
