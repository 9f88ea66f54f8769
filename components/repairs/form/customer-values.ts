import type { RepairJson } from "@/lib/repairs/serialize";

// A module of its own, without the form's rules: the list's first load takes it.

type Customer = "customer_name" | "customer_phone" | "customer_email" | "customer_language";

/** Another item of a repair's customer: the new repair's form with their name, phone, email and language typed in. */
export function customerValues(repair: Pick<RepairJson, Customer>) {
  return {
    customer_name: repair.customer_name,
    customer_phone: repair.customer_phone ?? "",
    customer_email: repair.customer_email ?? "",
    customer_language: repair.customer_language as string,
  };
}
