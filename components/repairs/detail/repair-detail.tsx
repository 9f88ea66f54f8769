"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { useOnAnswer } from "@/components/session/answer-event";
import { repairsApi } from "@/lib/client/api";
import { ApiError } from "@/lib/client/api-client";
import type { RepairJson } from "@/lib/repairs/serialize";
import { apiErrorText } from "@/components/ui/error-text";
import { button } from "@/components/ui/button";
import { RepairView } from "./repair-view";

type Loaded =
  | { state: "ok"; repair: RepairJson }
  | { state: "notFound" }
  | { state: "error"; error: unknown }
  | { state: "loading" };

// /repairs/{id}: the repair read (and read again after changes), or its
// loading, not-found and error states; the page itself is ./repair-view.tsx.
/** `askSignature`: the customer's signature is asked at once (opened from "Customer signs" after creating). */
export function RepairDetail({ id, askSignature = false }: { id: string; askSignature?: boolean }) {
  const t = useTranslations();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  // Counts up to read the repair again.
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // The customer answered its quote by the link: read at once, the page shows it.
  useOnAnswer(reload, [id]);

  useEffect(() => {
    repairsApi.get(id).then(
      (repair) => setLoaded({ state: "ok", repair }),
      (error) =>
        setLoaded(
          error instanceof ApiError && error.status === 404 ? { state: "notFound" } : { state: "error", error },
        ),
    );
  }, [id, reloads]);

  if (loaded.state === "loading")
    return (
      <p role="status" className="text-slate-600">
        {t("common.loading")}
      </p>
    );
  if (loaded.state === "notFound") {
    return (
      <div className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-semibold">{t("repair.notFoundTitle")}</h1>
        <p className="text-slate-700">{t("repair.notFoundText")}</p>
        <Link href="/repairs" className={button("primary")}>
          {t("repair.back")}
        </Link>
      </div>
    );
  }
  if (loaded.state === "error") {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
        {apiErrorText(t, loaded.error, t("repair.errors.fetch"))}
      </p>
    );
  }

  return (
    <RepairView
      repair={loaded.repair}
      askSignature={askSignature}
      onChange={(repair) => setLoaded({ state: "ok", repair })}
      reload={reload}
    />
  );
}
