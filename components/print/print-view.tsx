"use client";

import Link from "next/link";
import { createTranslator, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { repairsApi, shopApi } from "@/lib/client/api";
import { paymentsApi, signaturesApi } from "@/lib/client/counter-api";
import { formatDate } from "@/lib/repairs/dates";
import type { RepairJson } from "@/lib/repairs/serialize";
import { apiErrorText } from "@/components/ui/error-text";
import { button } from "@/components/ui/button";
import { PRINT_FORMATS, printHref, type PrintFormat } from "./formats";
import { qrDataUrl } from "./qr";
import { Ticket, type Loaded, type Translate } from "./ticket";

/** The tag's QR opens the repair's own screen for staff, on the address the status link uses (APP_URL). */
const staffUrl = (repair: RepairJson) => new URL(`/repairs/${repair.id}`, repair.status_url).toString();

// The print-only pages of a repair (docs/customers.md, Printing): the customer's ticket
// (A5, A4, 80 mm receipt) in the customer's language and the item's tag
// (62 x 29 mm) in the shop's, dates as DD/MM/YYYY in the shop's time zone. Each sheet is a
// named CSS page with its paper size (app/globals.css); the toolbar is for
// the screen only.
// On a phone the sheet is wider than the screen: it starts at the left edge
// and scrolls, never cut off on the left.
export function PrintView({
  id,
  format,
  paymentReceipt = false,
}: {
  id: string;
  format: PrintFormat;
  /** Titled as the receipt of what was paid. */
  paymentReceipt?: boolean;
}) {
  const ui = useTranslations();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The intake's ticket goes out in two copies, one signed for the shop to keep; others in one unless asked.
  const [shopCopy, setShopCopy] = useState<boolean | null>(null);
  const twoCopies = shopCopy ?? (loaded !== null && loaded.repair.picked_up_at === null && !paymentReceipt);

  useEffect(() => {
    let live = true;
    (async () => {
      const tag = format === "tag";
      const [repair, shop, { signatures }, { payments }, { repairs: visit }] = await Promise.all([
        repairsApi.get(id),
        shopApi.get(),
        tag ? { signatures: [] } : signaturesApi.list(id),
        tag ? { payments: [] } : paymentsApi.list(id),
        tag ? { repairs: [] } : repairsApi.visit(id),
      ]);
      // The ticket is the customer's, in their language; the tag is the shop's.
      const language = format === "tag" ? shop.language : repair.customer_language;
      const messages = (await import(`@/messages/${language}.json`)).default;
      const t = createTranslator({ locale: language, messages }) as unknown as Translate;
      const qr = await qrDataUrl(format === "tag" ? staffUrl(repair) : repair.status_url);
      if (live) setLoaded({ repair, visit, shop, signatures, payments, t, qr, language });
    })().catch((error: unknown) => live && setFailure(apiErrorText(ui, error, ui("repair.errors.fetch"))));
    return () => {
      live = false;
    };
  }, [id, format, ui]);

  return (
    <div className="flex flex-col items-start gap-4 overflow-x-auto p-4 md:items-center print:block print:p-0">
      <nav aria-label={ui("print.formats")} className="flex flex-wrap items-center gap-2 print:hidden">
        <Link href={`/repairs/${id}`} className="text-sm text-blue-800 underline">
          ← {ui("print.back")}
        </Link>
        {PRINT_FORMATS.map((f) => (
          <Link
            key={f}
            href={printHref(id, f)}
            aria-current={f === format ? "page" : undefined}
            className={button(f === format ? "primary" : "secondary")}
          >
            {ui(`print.format.${f}`)}
          </Link>
        ))}
        {format !== "tag" && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={twoCopies} onChange={(e) => setShopCopy(e.target.checked)} />
            {ui("print.shopCopy")}
          </label>
        )}
        <button type="button" onClick={() => window.print()} disabled={!loaded} className={button("primary")}>
          {ui("print.print")}
        </button>
      </nav>
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {failure}
        </p>
      )}
      {!loaded && !failure && <p role="status">{ui("common.loading")}</p>}
      {loaded &&
        (format === "tag" ? (
          <Tag {...loaded} />
        ) : (
          <Ticket
            {...loaded}
            format={format}
            paymentReceipt={paymentReceipt}
            copies={twoCopies ? ["customer", "shop"] : ["customer"]}
          />
        ))}
    </div>
  );
}

function Tag({ repair, t, qr }: Loaded) {
  return (
    <article
      data-print-ready
      className="sheet-tag flex h-[29mm] w-[62mm] items-center gap-[1.5mm] overflow-hidden bg-white p-[1.5mm] text-black shadow print:shadow-none"
    >
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={qr} alt={t("print.qrAlt")} className="h-[26mm] w-[26mm] shrink-0 [image-rendering:pixelated]" />
      <div className="flex min-w-0 flex-col gap-[0.5mm] leading-tight">
        <p className="text-[11pt] font-bold [overflow-wrap:anywhere]">{repair.repair_number}</p>
        {/* The whole name, cut short by the tag's width: a first name may have two words ("María José"). */}
        <p className="line-clamp-2 text-[9pt] [overflow-wrap:anywhere]">{repair.customer_name}</p>
        <p className="text-[9pt]">{repair.deadline ? formatDate(repair.deadline) : "—"}</p>
      </div>
    </article>
  );
}
