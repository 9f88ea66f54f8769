import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { AuthCard } from "@/components/ui/auth-card";
import { mailConfigured } from "@/lib/notices/queue";

export default async function ForgotPasswordPage() {
  const t = await getTranslations("forgotPassword");
  return (
    <AuthCard title={t("title")}>
      <ForgotPasswordForm mailConfigured={mailConfigured()} />
    </AuthCard>
  );
}
