"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { repairsApi } from "@/lib/client/api";
import type { RelatedRepair } from "@/lib/repairs/related";
import type { RepairJson } from "@/lib/repairs/serialize";
import { apiErrorText } from "@/components/ui/error-text";
import { useFormat } from "@/components/repairs/format";
import { Section } from "./repair-sections";
import { statusClasses } from "@/components/repairs/status/status-style";

// The same customer's other repairs (same phone or email), newest first, each
// a link to its screen.
export function RelatedSection({ repair }: { repair: RepairJson }) {
  const t = useTranslations();
  const format = useFormat();
  const [related, setRelated] = useState<RelatedRepair[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    repairsApi.related(repair.id).then(
      (answer) => setRelated(answer.repairs),
      (error: unknown) => setFailure(apiErrorText(t, error, t("repair.relatedFailed"))),
    );
  }, [repair.id, repair.customer_phone, repair.customer_email, t]);

  if (!repair.customer_phone && !repair.customer_email) return null;
  return (
    <Section title={t("repair.related")}>
      {failure && <p className="text-sm text-red-800">{failure}</p>}
      {related?.length === 0 && <p className="text-sm text-slate-600">{t("repair.relatedNone")}</p>}
      {related && related.length > 0 && (
        <ul className="flex flex-col gap-2">
          {related.map((other) => (
            <li key={other.id} className="flex flex-wrap items-center gap-2 text-sm">
              <Link href={`/repairs/${other.id}`} className="font-medium text-blue-800 underline">
                {other.repair_number}
              </Link>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${statusClasses(other.status).badge}`}
              >
                {t(`statuses.${other.status}`)}
              </span>
              <span className="text-slate-600">{format.instant(other.created_at)}</span>
              <span className="min-w-0 basis-full text-slate-700 [overflow-wrap:anywhere] sm:basis-auto">
                {t(`itemTypes.${other.item_type}`)}: {other.item_description}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
