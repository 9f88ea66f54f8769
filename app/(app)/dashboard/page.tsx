import { Dashboard } from "@/components/shell/dashboard";

export default function DashboardPage() {
  return <Dashboard />;
}
