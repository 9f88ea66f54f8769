"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { signaturesApi } from "@/lib/client/counter-api";
import { repairsApi, shopApi } from "@/lib/client/api";
import { termsFor } from "@/lib/shop/terms";
import type { SignatureJson } from "@/lib/repairs/signatures";
import type { RepairJson } from "@/lib/repairs/serialize";
import { apiErrorText } from "@/components/ui/error-text";
import { button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { ErrorNotice } from "@/components/ui/notice";
import { useFormat } from "@/components/repairs/format";
import { SignerFields, useSignatureInput } from "@/components/repairs/signing/signer-fields";
import { RecordFacts } from "./record-facts";
import { Fact, Facts } from "@/components/ui/facts";

// The customer's signatures on the detail: each as drawn, who signed and
// when; while the intake one is missing, a button that hands the screen to
// the customer to sign.

function IntakeSignatureDialog({
  repair,
  onClose,
  onSaved,
}: {
  repair: RepairJson;
  onClose: () => void;
  onSaved: (signature: SignatureJson) => void;
}) {
  const t = useTranslations("signature");
  const tAll = useTranslations();
  const input = useSignatureInput(repair.customer_name);
  // The shop's terms, in the customer's language, as the ticket prints them.
  const [terms, setTerms] = useState<string | null>(null);
  // The other items of its visit: the signature covers those not signed yet.
  const [together, setTogether] = useState<RepairJson[]>([]);
  useEffect(() => {
    let live = true;
    shopApi.get().then(
      (shop) => live && setTerms(termsFor(shop.ticket_terms, repair.customer_language, shop.language)),
      () => undefined,
    );
    if (repair.visit_id)
      repairsApi.visit(repair.id).then(
        ({ repairs }) => live && setTogether(repairs.filter((item) => item.id !== repair.id)),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [repair.customer_language, repair.id, repair.visit_id]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function save(event: FormEvent) {
    event.preventDefault();
    if (!input.image) return setFailure(t("draw"));
    setBusy(true);
    try {
      onSaved(await signaturesApi.sign(repair.id, { stage: "intake", signer_name: input.name, image: input.image }));
    } catch (error) {
      setFailure(apiErrorText(tAll, error, t("failed")));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t("title")} description={t("intakeIntro")} wide>
      <form onSubmit={save} className="flex flex-col gap-3">
        {/* What the customer signs for: the item, the work and price agreed, its condition as left. */}
        <section aria-label={t("whatIsSigned")} className="rounded-md bg-slate-50 p-3">
          <Facts>
            <Fact label={tAll("repair.description")} value={repair.item_description} />
            <RecordFacts section="work" repair={repair} />
            <RecordFacts section="condition" repair={repair} />
          </Facts>
          {together.length > 0 && (
            <p className="mt-2 text-sm text-slate-800">
              {t("alsoVisit", {
                items: together.map((item) => `${item.repair_number} (${item.item_description})`).join("; "),
              })}
            </p>
          )}
          {terms && <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{terms}</p>}
        </section>
        <SignerFields input={input} />
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <DialogButtons
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("save")}
          busy={busy}
          busyLabel={t("saving")}
        />
      </form>
    </Modal>
  );
}

export function Signatures({
  repair,
  refresh,
  askFirst = false,
}: {
  repair: RepairJson;
  refresh: number;
  /** Opened to sign at once (from "Customer signs" right after the repair was created). */
  askFirst?: boolean;
}) {
  const t = useTranslations("signature");
  const format = useFormat();
  const [signatures, setSignatures] = useState<SignatureJson[] | null>(null);
  const [signing, setSigning] = useState(askFirst);
  useEffect(() => {
    let live = true;
    signaturesApi.list(repair.id).then(
      (answer) => live && setSignatures(answer.signatures),
      () => live && setSignatures([]),
    );
    return () => {
      live = false;
    };
  }, [repair.id, refresh]);
  if (signatures === null) return null;
  const intake = signatures.some((s) => s.stage === "intake");
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold text-slate-800">{t("title")}</h3>
      {signatures.map((signature) => (
        <figure key={signature.id} className="flex flex-col gap-1 text-sm">
          {/* Our own route serves it, already cleaned; next/image would add nothing. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={signature.url} alt={t("title")} className="h-20 w-auto self-start rounded border bg-white" />
          <figcaption className="text-slate-700">
            {t(signature.stage)} ·{" "}
            {t("signedBy", { name: signature.signer_name, date: format.instant(signature.signed_at) })}
            {signature.taken_by && ` · ${t("takenBy", { name: signature.taken_by })}`}
          </figcaption>
        </figure>
      ))}
      {!intake && (
        <div className="flex items-center gap-3 text-sm">
          <span className="text-slate-600">{t("none")}</span>
          <button type="button" onClick={() => setSigning(true)} className={button("secondary")}>
            {t("sign")}
          </button>
        </div>
      )}
      {signing && !intake && (
        <IntakeSignatureDialog
          repair={repair}
          onClose={() => setSigning(false)}
          onSaved={(signature) => {
            setSigning(false);
            setSignatures([...signatures, signature]);
          }}
        />
      )}
    </div>
  );
}
