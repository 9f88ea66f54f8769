import { TakingsScreen } from "@/components/money/takings-screen";

export default function TakingsPage() {
  return <TakingsScreen />;
}
