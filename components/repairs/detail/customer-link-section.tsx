"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { repairsApi } from "@/lib/client/api";
import type { RepairJson } from "@/lib/repairs/serialize";
import { apiErrorText } from "@/components/ui/error-text";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FlashNotice } from "@/components/ui/notice";
import { useFlash } from "@/components/ui/use-flash";
import { PRINT_FORMATS, printHref } from "@/components/print/formats";
import { qrDataUrl } from "@/components/print/qr";
import { chatNumber } from "@/lib/notices/chat-number";
import { Section } from "./repair-sections";

/** The link's QR code for a phone held up to the screen. */
const qrOf = (url: string) => qrDataUrl(url, { margin: 2, scale: 6 });

// The customer's status link on the repair's screen: copy it, show it as a QR
// code for the customer's phone, open it, or replace it (the old one stops
// working at once); and the repair's printouts.
export function CustomerLinkSection({
  repair,
  onReplaced,
}: {
  repair: RepairJson;
  onReplaced: (r: RepairJson) => void;
}) {
  const t = useTranslations();
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [flash, setFlash] = useFlash();
  const url = repair.status_url;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setFlash({ kind: "success", text: t("repair.link.copied") });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selected to copy by hand.
      (document.getElementById("status-link") as HTMLInputElement | null)?.select();
      setFlash({ kind: "error", text: t("repair.link.copyByHand") });
    }
  }

  async function toggleQr() {
    if (qr?.url === url) return setQr(null);
    setQr({ url, image: await qrOf(url) });
  }

  async function replace() {
    setConfirming(false);
    try {
      const next = await repairsApi.replaceLink(repair.id);
      onReplaced(next);
      if (qr) setQr({ url: next.status_url, image: await qrOf(next.status_url) });
      setFlash({ kind: "success", text: t("repair.link.replaced") });
    } catch (error) {
      setFlash({ kind: "error", text: apiErrorText(t, error, t("repair.link.replaceFailed")) });
    }
  }

  const small = "rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100";
  return (
    <Section title={t("repair.link.title")}>
      <p className="text-sm text-slate-700">{t("repair.link.hint")}</p>
      <label htmlFor="status-link" className="sr-only">
        {t("repair.link.title")}
      </label>
      <input
        id="status-link"
        readOnly
        value={url}
        onFocus={(e) => e.target.select()}
        className="mt-2 w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" onClick={() => void copy()} className={small}>
          {t("repair.link.copy")}
        </button>
        <button type="button" onClick={() => void toggleQr()} aria-expanded={qr?.url === url} className={small}>
          {qr?.url === url ? t("repair.link.hideQr") : t("repair.link.showQr")}
        </button>
        <a href={url} target="_blank" rel="noreferrer" className={small}>
          {t("repair.link.open")}
        </a>
        <button type="button" onClick={() => setConfirming(true)} className={small}>
          {t("repair.link.replace")}
        </button>
        <WhatsAppLink repair={repair} className={small} />
      </div>
      {qr?.url === url && (
        // A data: URL made here; next/image has nothing to add.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={qr.image} alt={t("repair.link.qrAlt")} className="mt-3 h-48 w-48 [image-rendering:pixelated]" />
      )}
      <div className="mt-2">
        <FlashNotice flash={flash} />
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-800">{t("repair.link.print")}</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {PRINT_FORMATS.map((format) => (
          <Link key={format} href={printHref(repair.id, format)} className={small}>
            {t(`print.format.${format}`)}
          </Link>
        ))}
      </div>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        title={t("repair.link.replaceTitle")}
        description={t("repair.link.replaceConfirm")}
        cancelLabel={t("repair.cancel")}
        confirmLabel={t("repair.link.replace")}
        onConfirm={() => void replace()}
      />
    </Section>
  );
}

/**
 * "Send by WhatsApp": the repair's news as it stands, in the customer's
 * language with this link, made again as the repair changes; none without a
 * number that takes messages.
 */
function WhatsAppLink({ repair, className }: { repair: RepairJson; className: string }) {
  const t = useTranslations();
  const [url, setUrl] = useState<string | null>(null);
  const usable = chatNumber(repair.customer_phone) !== null;
  useEffect(() => {
    let live = true;
    if (usable)
      repairsApi.whatsapp(repair.id).then(
        (link) => live && setUrl(link.url),
        () => live && setUrl(null),
      );
    return () => {
      live = false;
    };
  }, [repair.id, repair.version, repair.status_url, usable]);
  if (!usable || !url) return null;
  return (
    <a href={url} target="_blank" rel="noreferrer" className={className}>
      {t("repair.whatsapp")}
    </a>
  );
}
