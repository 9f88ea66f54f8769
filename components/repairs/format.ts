import { useLocale } from "next-intl";
import { formatDate } from "@/lib/repairs/dates";

/** Euros with 2 decimals and dates as DD/MM/YYYY (SPEC section 9), in the user's locale. */
export function useFormat() {
  const locale = useLocale();
  const euros = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    money: (value: number | null) => (value === null ? "—" : euros.format(value)),
    date: (value: string | null) => (value ? formatDate(value) : "—"),
  };
}
