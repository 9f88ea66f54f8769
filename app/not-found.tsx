import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/ui/auth-card";
import { button } from "@/components/ui/button";

// Any address the app does not know, in the visitor's language, with a way back.
export default async function NotFound() {
  const t = await getTranslations("notFoundPage");
  return (
    <AuthCard title={t("title")} subtitle={t("text")}>
      <Link href="/dashboard" className={button("primary", "self-start")}>
        {t("back")}
      </Link>
    </AuthCard>
  );
}
