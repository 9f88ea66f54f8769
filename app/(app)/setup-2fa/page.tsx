import { Setup2faScreen } from "@/components/account/setup-2fa-screen";

export default function Setup2faPage() {
  return <Setup2faScreen />;
}
