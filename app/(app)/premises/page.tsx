import { PremisesScreen } from "@/components/repairs/premises/premises-screen";

export default function PremisesPage() {
  return <PremisesScreen />;
}
