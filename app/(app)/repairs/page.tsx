import { RepairsList } from "@/components/repairs/repairs-list";

export default function RepairsPage() {
  return <RepairsList />;
}
