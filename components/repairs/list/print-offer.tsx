"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { RepairJson } from "@/lib/repairs/serialize";
import { PRINT_FORMATS, printHref } from "@/components/print/formats";

/** Right after a repair is created: its ticket and tag, the customer's signature, and another item of theirs, one click away. */
export function PrintOffer({
  repair,
  onClose,
  onAnother,
}: {
  repair: RepairJson;
  onClose: () => void;
  onAnother?: () => void;
}) {
  const t = useTranslations();
  return (
    <section
      aria-label={t("repairs.printOffer", { number: repair.repair_number })}
      className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm"
    >
      <span className="font-medium">{t("repairs.printOffer", { number: repair.repair_number })}</span>
      {PRINT_FORMATS.map((format) => (
        <Link key={format} href={printHref(repair.id, format)} className="text-blue-800 underline">
          {t(`print.format.${format}`)}
        </Link>
      ))}
      {/* The customer signs for what they left, on the repair's own screen. */}
      <Link href={`/repairs/${repair.id}?sign=intake`} className="text-blue-800 underline">
        {t("signature.sign")}
      </Link>
      {onAnother && (
        <button type="button" onClick={onAnother} className="text-blue-800 underline">
          {t("repairs.anotherItem")}
        </button>
      )}
      <button
        type="button"
        onClick={onClose}
        aria-label={t("repairs.printOfferClose")}
        className="ml-auto px-2 text-slate-600"
      >
        ×
      </button>
    </section>
  );
}
