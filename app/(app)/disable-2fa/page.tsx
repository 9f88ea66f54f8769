import { Disable2faScreen } from "@/components/account/disable-2fa-screen";

export default function Disable2faPage() {
  return <Disable2faScreen />;
}
