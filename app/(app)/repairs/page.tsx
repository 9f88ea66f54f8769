import { RepairsList } from "@/components/repairs/list/repairs-list";

export default function RepairsPage() {
  return <RepairsList />;
}
