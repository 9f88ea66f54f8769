"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { warrantyApi } from "@/lib/client/counter-api";
import type { RepairJson } from "@/lib/repairs/serialize";
import type { WarrantyLinks } from "@/lib/repairs/warranty";
import { Fact, Facts } from "@/components/ui/facts";
import { useFormat } from "@/components/repairs/format";
import { hasRecord, RecordFacts } from "./record-facts";
import { Section, SectionAction } from "./repair-sections";

// After the repair (docs/aftercare.md): the warranty, what it returns to or
// what came back under it, and the watch's service report.

export function WarrantySection({ repair, onComeback }: { repair: RepairJson; onComeback: () => void }) {
  const t = useTranslations();
  const format = useFormat();
  const [links, setLinks] = useState<WarrantyLinks | null>(null);
  useEffect(() => {
    let live = true;
    warrantyApi.links(repair.id).then(
      (answer) => live && setLinks(answer),
      () => live && setLinks(null),
    );
    return () => {
      live = false;
    };
  }, [repair.id, repair.version]);
  const link = (to: { id: string; repair_number: string }) => (
    <Link href={`/repairs/${to.id}`} className="text-blue-800 underline">
      {to.repair_number}
    </Link>
  );
  return (
    <Section
      title={t("repair.sections.warranty")}
      action={
        repair.status === "picked_up" && <SectionAction onClick={onComeback}>{t("warranty.comeback")}</SectionAction>
      }
    >
      <Facts>
        <Fact
          label={t("fields.warranty_months")}
          value={repair.warranty_months === 0 ? t("warranty.none") : String(repair.warranty_months)}
        />
        {repair.status === "picked_up" ? (
          <RecordFacts section="warranty" repair={repair} />
        ) : (
          repair.warranty_months > 0 && <Fact label={t("fields.warranty_until")} value={t("warranty.fromPickup")} />
        )}
        {links?.first && (
          <Fact
            label={t("fields.warranty_of_number")}
            value={
              <>
                {link(links.first)}
                {" · "}
                {repair.under_warranty ? t("warranty.inside") : t("warranty.outside")}
              </>
            }
          />
        )}
        {links?.comebacks.map((back) => (
          <Fact
            key={back.id}
            label={t("warranty.cameBack")}
            value={
              <>
                {link(back)} · {format.instant(back.created_at)}
                {back.under_warranty ? ` · ${t("warranty.inside")}` : ""}
              </>
            }
          />
        ))}
      </Facts>
    </Section>
  );
}

/** The timegrapher's figures and the water test, once any is recorded (a watch's; any item that has them). */
export function ServiceSection({ repair }: { repair: RepairJson }) {
  const t = useTranslations();
  if (!hasRecord(repair, "service")) return null;
  return (
    <Section title={t("repair.sections.service")}>
      <Facts>
        <RecordFacts section="service" repair={repair} />
      </Facts>
    </Section>
  );
}
