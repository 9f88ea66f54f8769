"use client";

import { useTranslations } from "next-intl";
import { button } from "./button";

/** "Showing X of Y" under a list that has more than a page, and its Load more while more remain. */
export function LoadMore({
  shown,
  total,
  busy,
  onMore,
  text,
}: {
  shown: number;
  total: number;
  busy: boolean;
  onMore?: () => void;
  /** The list's own "Showing X of Y" words. */
  text: string;
}) {
  const t = useTranslations();
  if (total <= shown && !onMore) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <span>{text}</span>
      {onMore && (
        <button type="button" onClick={onMore} disabled={busy} className={button("secondary")}>
          {t("repairs.loadMore")}
        </button>
      )}
    </div>
  );
}
