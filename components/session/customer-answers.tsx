"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { repairsApi } from "@/lib/client/api";
import type { CustomerAnswer } from "@/lib/repairs/answers";
import { ANSWERED } from "./answer-event";

/** How often an open screen asks for the customers' answers (while it is shown). */
const EVERY_MS = 5_000;

/**
 * A customer's answer to a quote by the status link, heard by the shop's open
 * screens within seconds: said at the top of every screen (with the repair
 * to open), and the repair's page and the list read again (useOnAnswer).
 * Asked every few seconds while the screen is shown; the first time for the
 * last minute, so an answer given while the screen loaded is heard too.
 */
export function CustomerAnswers() {
  const t = useTranslations();
  const [heard, setHeard] = useState<CustomerAnswer[]>([]);
  useEffect(() => {
    let after: string | undefined;
    const said = new Set<string>();
    let live = true;
    const ask = async () => {
      if (document.visibilityState !== "visible") return;
      const { answers: asked, now } = await repairsApi.answers(after);
      if (!live) return;
      after = now;
      // Each call asks again over the last seconds (lib/repairs/answers.ts): an answer is said once.
      const answers = asked.filter((answer) => !said.has(`${answer.repair_id} ${answer.at}`));
      for (const answer of answers) said.add(`${answer.repair_id} ${answer.at}`);
      if (answers.length === 0) return;
      setHeard((shown) => [...shown, ...answers].slice(-3));
      window.dispatchEvent(new CustomEvent(ANSWERED, { detail: answers.map((a) => a.repair_id) }));
    };
    const safely = () => void ask().catch(() => undefined);
    safely();
    const timer = setInterval(safely, EVERY_MS);
    document.addEventListener("visibilitychange", safely);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", safely);
    };
  }, []);
  if (heard.length === 0) return null;
  return (
    <div role="status" className="mx-auto mt-3 flex max-w-6xl flex-col gap-2 px-4">
      {heard.map((answer) => (
        <p
          key={`${answer.repair_id}-${answer.at}`}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900"
        >
          <span>{t(`answers.${answer.status}`, { customer: answer.customer_name, number: answer.repair_number })}</span>
          <Link href={`/repairs/${answer.repair_id}`} className="font-medium underline">
            {t("answers.open")}
          </Link>
          <button
            type="button"
            onClick={() => setHeard((shown) => shown.filter((a) => a !== answer))}
            className="ml-auto underline"
          >
            {t("answers.dismiss")}
          </button>
        </p>
      ))}
    </div>
  );
}
