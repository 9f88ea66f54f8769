import { useLocale } from "next-intl";
import { useCurrentUser } from "@/components/session/auth-guard";
import { formatDate } from "@/lib/repairs/dates";
import { dayIn } from "@/lib/time-zone";

/**
 * Euros with 2 decimals and dates as DD/MM/YYYY, in the
 * user's locale: `date` for plain dates (a deadline never shifts), `instant`
 * for moments (created, updated, picked up, quote times), read as the day
 * they fell on in the shop's time zone.
 */
/** Statuses in which a deadline no longer matters: the work is done or will not be. */
const DONE = ["ready", "picked_up", "denied"];

export function useFormat() {
  const locale = useLocale();
  const { user } = useCurrentUser();
  const today = () => dayIn(new Date(), user.time_zone).split("/").reverse().join("-");
  const euros = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return {
    money: (value: number | null) => (value === null ? "—" : euros.format(value)),
    date: (value: string | null) => (value ? formatDate(value) : "—"),
    instant: (value: string | null) => (value ? dayIn(value, user.time_zone) : "—"),
    /** Today in the shop's time zone, YYYY-MM-DD (to compare with a date's ISO form). */
    today,
    /** A deadline passed on a repair still to be done (shown in red). */
    late: (repair: { deadline: string | null; status: string }) =>
      !!repair.deadline && repair.deadline.slice(0, 10) < today() && !DONE.includes(repair.status),
  };
}
