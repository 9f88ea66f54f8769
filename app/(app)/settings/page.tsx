import { SettingsScreen } from "@/components/account/settings-screen";

export default function SettingsPage() {
  return <SettingsScreen />;
}
