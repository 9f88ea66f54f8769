"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { repairsApi } from "@/lib/client/api";
import type { CustomerSuggestion } from "@/lib/repairs/customers";
import { MIN_CUSTOMER_LOOKUP } from "@/lib/repairs/limits";

/** How long typing pauses before the shop's earlier customers are looked up. */
const PAUSE_MS = 300;

/**
 * The customers of the shop's earlier repairs that the name or phone typed so
 * far finds ("Montse", "612345"): one tap fills in their name, phone, email
 * and language, so a returning customer is not typed again.
 */
export function CustomerLookup({
  name,
  phone,
  onPick,
}: {
  name: string;
  phone: string;
  onPick: (customer: CustomerSuggestion) => void;
}) {
  const t = useTranslations("createRepair");
  // The phone when one is being typed (it finds one customer), else the name.
  const term = (phone.replace(/\D/g, "").length >= 6 ? phone : name).trim();
  const [found, setFound] = useState<{ term: string; customers: CustomerSuggestion[] }>({ term: "", customers: [] });
  useEffect(() => {
    if (term.length < MIN_CUSTOMER_LOOKUP) return;
    let live = true;
    const timer = setTimeout(() => {
      repairsApi.customers(term).then(
        ({ customers }) => live && setFound({ term, customers }),
        () => undefined,
      );
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term]);
  // Nothing offered for another term, nor once the customer picked is the one typed.
  const offered =
    found.term === term && term.length >= MIN_CUSTOMER_LOOKUP
      ? found.customers.filter((c) => !(c.name === name.trim() && (c.phone ?? "") === phone.trim()))
      : [];
  if (offered.length === 0) return null;
  return (
    <div role="group" aria-label={t("earlierCustomers")} className="rounded-md bg-slate-50 p-2 text-sm sm:col-span-2">
      <p className="mb-1 font-medium text-slate-700">{t("earlierCustomers")}</p>
      <ul className="flex flex-col gap-1">
        {offered.map((customer) => (
          <li key={`${customer.name}|${customer.phone}|${customer.email}`}>
            <button
              type="button"
              onClick={() => onPick(customer)}
              className="w-full rounded px-2 py-1 text-left text-blue-800 underline hover:bg-white"
            >
              {[customer.name, customer.phone, customer.email].filter(Boolean).join(" · ")}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
