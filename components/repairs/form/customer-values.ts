import type { RepairJson } from "@/lib/repairs/serialize";
import { dayIn } from "@/lib/time-zone";

// A module of its own, without the form's rules: the list's first load takes it.

type Customer = "customer_name" | "customer_phone" | "customer_email" | "customer_language";

/**
 * Another item of a repair's customer: the new repair's form with their name,
 * phone, email and language typed in; left the same day (`timeZone`'s), in
 * the same visit as that repair (one "received" email tells of them all).
 */
export function customerValues(
  repair: Pick<RepairJson, Customer | "id" | "repair_number" | "created_at">,
  timeZone: string,
) {
  const sameDay = dayIn(repair.created_at, timeZone) === dayIn(new Date(), timeZone);
  return {
    customer_name: repair.customer_name,
    customer_phone: repair.customer_phone ?? "",
    customer_email: repair.customer_email ?? "",
    customer_language: repair.customer_language as string,
    ...(sameDay ? { same_visit_as: repair.id, same_visit_number: repair.repair_number } : {}),
  };
}
