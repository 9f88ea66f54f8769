import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SetupForm } from "@/components/setup/setup-form";
import { AuthCard } from "@/components/ui/auth-card";
import { db } from "@/lib/db";
import { isSetupTokenValid } from "@/lib/setup/first-run";

// Exists only while the database has no account and the link's token is valid.
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  if (typeof token !== "string" || !(await isSetupTokenValid(db(), token))) notFound();
  const t = await getTranslations("setup");
  return (
    <AuthCard title={t("title")}>
      <SetupForm token={token} />
    </AuthCard>
  );
}
