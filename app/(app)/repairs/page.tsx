import { RepairsList } from "@/components/repairs/list/repairs-list";
import { listShownFields } from "@/lib/repairs/fields";

export default function RepairsPage() {
  // The registry's fields on the list, read here on the server (lib/repairs/fields.ts).
  return <RepairsList fields={listShownFields()} />;
}
