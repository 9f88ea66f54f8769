import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/ui/auth-card";

// Any address the app does not know, in the visitor's language, with a way back.
export default async function NotFound() {
  const t = await getTranslations("notFoundPage");
  return (
    <AuthCard title={t("title")} subtitle={t("text")}>
      <Link href="/dashboard" className="self-start rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
        {t("back")}
      </Link>
    </AuthCard>
  );
}
