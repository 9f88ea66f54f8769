import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { AuthCard } from "@/components/ui/auth-card";

export default async function LoginPage() {
  const t = await getTranslations("login");
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")}>
      <LoginForm />
    </AuthCard>
  );
}
