"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { warrantyApi } from "@/lib/client/counter-api";
import { formatDate } from "@/lib/repairs/dates";
import type { WarrantyCandidate } from "@/lib/repairs/warranty";

/**
 * A new repair whose serial number and customer (phone or email) match a
 * repair under a running warranty: that repair, to suggest the link
 * (docs/aftercare.md). Asked a moment after the typing stops; null while
 * editing, once linked, or with nothing to match.
 */
export function useWarrantyCandidate(
  values: { serial_number: string; customer_phone: string; customer_email: string; warranty_of: string },
  editing: boolean,
): WarrantyCandidate | null {
  const [candidate, setCandidate] = useState<WarrantyCandidate | null>(null);
  const lookFor = {
    serial: values.serial_number.trim(),
    phone: values.customer_phone.trim(),
    email: values.customer_email.trim(),
  };
  const wanted = !editing && !values.warranty_of && lookFor.serial !== "" && (lookFor.phone || lookFor.email);
  const key = wanted ? JSON.stringify(lookFor) : null;
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => {
      warrantyApi.candidates(JSON.parse(key)).then(
        (answer) => setCandidate(answer.repairs[0] ?? null),
        () => setCandidate(null),
      );
    }, 400);
    return () => clearTimeout(timer);
  }, [key]);
  return key ? candidate : null;
}

/** "Under warranty until … as R-…: link it?" above the form. */
export function WarrantySuggestion({ candidate, onLink }: { candidate: WarrantyCandidate; onLink: () => void }) {
  const t = useTranslations();
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2">
      <span>
        {t("warranty.suggest", { number: candidate.repair_number, date: formatDate(candidate.warranty_until) })}
      </span>
      <button type="button" className="font-medium underline" onClick={onLink}>
        {t("warranty.link")}
      </button>
    </div>
  );
}
