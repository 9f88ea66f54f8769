import { ActivityScreen } from "@/components/records/activity-screen";

export default function ActivityPage() {
  return <ActivityScreen />;
}
