import { DeletedRepairsScreen } from "@/components/records/deleted-repairs-screen";

export default function DeletedRepairsPage() {
  return <DeletedRepairsScreen />;
}
