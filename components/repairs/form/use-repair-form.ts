"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { repairsApi } from "@/lib/client/api";
import { paymentsApi } from "@/lib/client/counter-api";
import { ApiError, isStale } from "@/lib/client/api-client";
import type { ErrorCode } from "@/lib/errors";
import type { Locale } from "@/i18n/config";
import { maskDate, parseDeadline } from "@/lib/repairs/dates";
import { dayIn } from "@/lib/time-zone";
import { MAX_PHOTOS_PER_UPLOAD } from "@/lib/repairs/limits";
import { parseAmount } from "@/lib/repairs/money";
import type { RepairJson } from "@/lib/repairs/serialize";
import type { PaymentMethod } from "@/lib/payments/kinds";
import { useCurrentUser } from "@/components/session/auth-guard";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { useSendOut } from "@/components/repairs/status/use-send-out";
import { draftKey } from "./draft-key";
import { shrinkPhoto } from "./shrink-photo";
import { customerValues } from "./customer-values";
import { check, EMPTY, payloadOf, readDraft, valuesOf, writeDraft, type Name, type Values } from "./repair-form-values";

export type RepairFormProps = {
  /** The repair being edited; a new one when left out. */
  repair?: RepairJson;
  /** A new repair's values typed in already (the customer's, for another item of theirs). */
  initial?: Partial<Values>;
  /** `problem`: what was typed while creating and not saved with it (photos, deposit), said for the person; the repair was. */
  onSaved: (repair: RepairJson, problem?: string) => void;
  onPhotosAdded?: () => void;
  /** The save was refused because the repair changed since it was read: read it again. */
  onStale?: () => void;
};

/**
 * The repair form's state and its save. Creating: the repair is saved first,
 * then its photos are uploaded and the deposit taken; either failing leaves
 * the repair made and says so (createdWithoutPhotos, depositFailed). Editing:
 * every field; photos added there are uploaded at once. What was typed is
 * kept in this tab until saved or closed, so a session that ends meanwhile
 * (sign in again, and the form comes back) loses nothing.
 */
export function useRepairForm({ repair, initial, onSaved, onPhotosAdded, onStale }: RepairFormProps) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const editing = repair !== undefined;
  // A new repair's customer reads the shop's language unless told otherwise.
  const { user } = useCurrentUser();
  // Its warranty, the shop's months (a comeback's form says its own: ./repair-form-values.ts).
  const blank = {
    ...EMPTY,
    customer_language: user.shop_language,
    warranty_months: String(user.shop_warranty_months),
    ...initial,
  };
  const key = draftKey(repair?.id);
  const [draft] = useState(() => readDraft(key));
  const [values, setValues] = useState<Values>(draft?.values ?? (repair ? valuesOf(repair, locale) : blank));
  const [notice, setNotice] = useState<string | null>(() =>
    draft
      ? [
          t("createRepair.draftKept"),
          draft.photos.length ? t("createRepair.draftPhotos", { names: draft.photos.join(", ") }) : "",
        ].join(" ")
      : null,
  );
  const [photos, setPhotos] = useState<File[]>([]);
  // A deposit taken as the item is left (new repairs only), saved once the repair is.
  const [deposit, setDeposit] = useState<{ amount: string; method: PaymentMethod }>({ amount: "", method: "cash" });
  const [depositError, setDepositError] = useState<string>();
  const [errors, setErrors] = useState<Partial<Record<Name, ErrorCode>>>({});
  // A deadline before today is asked about once; saving it again keeps it.
  const [pastAsked, setPastAsked] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sendOut = useSendOut();

  const [typed, setTyped] = useState(draft !== null);
  useEffect(() => {
    if (typed) writeDraft(key, { values, photos: photos.map((photo) => photo.name) });
  }, [typed, key, values, photos]);
  /** Closed by the person (Cancel, Escape, the close button) or saved: the draft goes. */
  const forget = () => sessionStorage.removeItem(key);
  const set = (name: Name, text: string) => {
    const value = name === "deadline" ? maskDate(text) : text;
    setTyped(true);
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  async function addPhotos(files: FileList | File[] | null) {
    const picked = [...(files ?? [])];
    if (picked.some((file) => !file.type.startsWith("image/"))) {
      window.alert(t("createRepair.onlyImages"));
      return;
    }
    if (photos.length + picked.length > MAX_PHOTOS_PER_UPLOAD) {
      window.alert(t("createRepair.tooManyPhotos", { max: MAX_PHOTOS_PER_UPLOAD }));
      return;
    }
    const chosen = await Promise.all(picked.map(shrinkPhoto));
    if (!editing) return setPhotos([...photos, ...chosen]);
    try {
      await repairsApi.addPhotos(repair.id, chosen);
      // The form stays open with what was typed; the detail behind it reloads.
      setNotice(t("createRepair.photosAdded"));
      onPhotosAdded?.();
    } catch (error) {
      setFailure(apiErrorText(t, error, t("createRepair.uploadFailed")));
    }
  }

  /** Saves; `more`: another item of this visit follows (a new repair's form for it opens in its place). */
  async function submit(event: FormEvent, more = false) {
    event.preventDefault();
    const found = check(values, locale, editing);
    const deadline = values.deadline.trim();
    if (
      !found.deadline &&
      deadline &&
      deadline !== pastAsked &&
      deadline !== (repair && valuesOf(repair, locale).deadline) &&
      parseDeadline(deadline)! < parseDeadline(dayIn(new Date(), user.time_zone))!
    ) {
      found.deadline = "deadlinePast";
      setPastAsked(deadline);
    }
    setErrors(found);
    const depositParsed = deposit.amount.trim() ? parseAmount(deposit.amount, locale) : null;
    setDepositError(depositParsed?.error ? fieldErrorText(t, depositParsed.error) : undefined);
    if (Object.keys(found).length > 0 || depositParsed?.error) return;
    // Going out asks where first; the send-out dialog shows what the save answers.
    if (editing && values.status === "outsourced" && repair.status !== "outsourced")
      return sendOut.ask((details) => save({ send_out: details }, true));
    await save(more ? { more_items: true } : {});
  }

  /** What was typed besides the repair, saved once it exists: the photos, then the deposit; what failed, said. */
  async function saveExtras(saved: RepairJson): Promise<string | undefined> {
    let problem: string | undefined;
    if (photos.length > 0) {
      // The repair exists either way: log the failure, and say it.
      await repairsApi.addPhotos(saved.id, photos).catch((error: unknown) => {
        console.error("Photo upload failed", error);
        const reason = apiErrorText(t, error, t("createRepair.uploadFailed"));
        problem = t("createRepair.createdWithoutPhotos", { number: saved.repair_number, reason });
      });
    }
    if (deposit.amount.trim()) {
      await paymentsApi
        .pay(saved.id, { kind: "deposit", amount: deposit.amount, method: deposit.method })
        .catch((error: unknown) => {
          const reason = apiErrorText(t, error, t("money.failed"));
          problem = t("money.depositFailed", { number: saved.repair_number, reason });
        });
    }
    setValues(blank);
    setPhotos([]);
    setDeposit({ amount: "", method: "cash" });
    return problem;
  }

  async function save(extra: Record<string, unknown> = {}, rethrow = false) {
    setBusy(true);
    setFailure(null);
    try {
      const saved = editing
        ? await repairsApi.update(
            repair.id,
            { ...payloadOf(values, locale, valuesOf(repair, locale)), ...extra },
            repair.version,
          )
        : await repairsApi.create({ ...payloadOf(values, locale), ...extra });
      const problem = editing ? undefined : await saveExtras(saved);
      forget();
      if (!extra.more_items) return onSaved(saved, problem);
      // The next item of the visit: the same customer, the form otherwise empty.
      setValues({ ...blank, ...customerValues(saved, user.time_zone) });
      setNotice(t("createRepair.nextItem", { number: saved.repair_number }));
      if (problem) setFailure(problem);
    } catch (error) {
      // Changed since the form opened: the repair is read again behind it, what was typed stays.
      if (isStale(error)) onStale?.();
      if (rethrow) throw error;
      // An error about a field shows under that field, once; anything else above the buttons.
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Partial<Record<Name, ErrorCode>>);
      else setFailure(apiErrorText(t, error, editing ? t("repair.errors.update") : t("createRepair.failed")));
    } finally {
      setBusy(false);
    }
  }

  return {
    editing,
    values,
    errors,
    set,
    notice,
    failure,
    busy,
    photos,
    addPhotos,
    removePhoto: (index: number) => setPhotos(photos.filter((_, i) => i !== index)),
    deposit,
    depositError,
    changeDeposit: (change: Partial<typeof deposit>) => {
      setDeposit((current) => ({ ...current, ...change }));
      if (change.amount !== undefined) setDepositError(undefined);
    },
    submit,
    forget,
    sendOutDialog: sendOut.dialog,
  };
}
