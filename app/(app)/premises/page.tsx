import { PremisesScreen } from "@/components/repairs/premises-screen";

export default function PremisesPage() {
  return <PremisesScreen />;
}
