import { getTranslations } from "next-intl/server";
import { PlainCard } from "@/components/ui/plain-card";
import { button } from "@/components/ui/button";

// Any address the app does not know, in the visitor's language, with a way back.
// A plain link, not next/link: this page's client code is part of every
// page's first load, and next/link's would be a second copy of the app
// shell's (about 4 kB gzip more on every screen).
export default async function NotFound() {
  const t = await getTranslations("notFoundPage");
  return (
    <PlainCard title={t("title")} subtitle={t("text")}>
      <a href="/dashboard" className={button("primary", "self-start")}>
        {t("back")}
      </a>
    </PlainCard>
  );
}
