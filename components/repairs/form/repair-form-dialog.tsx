"use client";

import { useLocale, useTranslations } from "next-intl";
import { lazyComponent } from "@/components/ui/lazy";
import { useCallback, useEffect, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { repairsApi } from "@/lib/client/api";
import { paymentsApi } from "@/lib/client/counter-api";
import { ApiError } from "@/lib/client/api-client";
import type { ErrorCode } from "@/lib/errors";
import { maskDate, parseDeadline } from "@/lib/repairs/dates";
import { dayIn } from "@/lib/time-zone";
import { draftKey } from "./draft-key";
import { shrinkPhoto } from "./shrink-photo";
import { useSendOut } from "@/components/repairs/status/use-send-out";
import { LOCALES, type Locale } from "@/i18n/config";
import { useCurrentUser } from "@/components/session/auth-guard";
import { MAX_PHOTOS_PER_UPLOAD } from "@/lib/repairs/limits";
import { parseAmount } from "@/lib/repairs/money";
import type { RepairJson } from "@/lib/repairs/serialize";
import { ITEM_TYPES, REPAIR_STATUSES, type ItemType } from "@/lib/repairs/workflow";
import { RecordInputs } from "./record-fields";
import { PaymentFields } from "@/components/money/payment-dialog";
import type { PaymentMethod } from "@/lib/payments/kinds";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { Modal } from "@/components/ui/modal";
import { ErrorNotice, SuccessNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";

import { check, EMPTY, payloadOf, readDraft, valuesOf, writeDraft, type Name, type Values } from "./repair-form-values";
import { PhotoPicker } from "./photo-picker";
import { useWarrantyCandidate, WarrantySuggestion } from "./warranty-suggestion";

// The camera's code is fetched only when someone opens it.
const CameraDialog = lazyComponent(() => import("./camera-dialog").then((m) => m.default));

// The create modal and the edit form. Creating: the repair is saved first,
// then its photos are uploaded and the deposit taken; either failing leaves
// the repair made and says so (createdWithoutPhotos, depositFailed). Editing:
// every field; photos added there are uploaded at once.
export function RepairFormDialog({
  open,
  onOpenChange,
  onSaved,
  repair,
  onPhotosAdded,
  onStale,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `problem`: what was typed while creating and not saved with it (photos, deposit), said for the person; the repair was. */
  onSaved: (repair: RepairJson, problem?: string) => void;
  repair?: RepairJson;
  onPhotosAdded?: () => void;
  /** The save was refused because the repair changed since it was read: read it again. */
  onStale?: () => void;
  /** A new repair's values typed in already (the customer's, for another item of theirs). */
  initial?: Partial<Values>;
}) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const editing = repair !== undefined;
  // A new repair's customer reads the shop's language unless told otherwise.
  const { user } = useCurrentUser();
  const blank = { ...EMPTY, customer_language: user.shop_language, ...initial };
  // What was typed is kept in this tab until saved or closed, so a session
  // that ends meanwhile (sign in again, and the form comes back) loses nothing.
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
  const [camera, setCamera] = useState(false);
  const sendOut = useSendOut();

  const closeCamera = useCallback(() => setCamera(false), []);
  const candidate = useWarrantyCandidate(values, editing);
  const [typed, setTyped] = useState(draft !== null);
  useEffect(() => {
    if (typed) writeDraft(key, { values, photos: photos.map((photo) => photo.name) });
  }, [typed, key, values, photos]);
  /** Closed by the person (Cancel, Escape, the close button) or saved: the draft goes. */
  const close = (open: boolean) => {
    if (!open) sessionStorage.removeItem(key);
    onOpenChange(open);
  };
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
    if (editing) void uploadNow(chosen);
    else setPhotos([...photos, ...chosen]);
  }

  async function uploadNow(files: File[]) {
    try {
      await repairsApi.addPhotos(repair!.id, files);
      // The form stays open with what was typed; the detail behind it reloads.
      setNotice(t("createRepair.photosAdded"));
      onPhotosAdded?.();
    } catch (error) {
      setFailure(apiErrorText(t, error, t("createRepair.uploadFailed")));
    }
  }

  async function submit(event: FormEvent) {
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
    await save();
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
        : await repairsApi.create(payloadOf(values, locale));
      let problem: string | undefined;
      if (!editing && photos.length > 0) {
        // The repair exists either way: log the failure, and say it.
        await repairsApi.addPhotos(saved.id, photos).catch((error: unknown) => {
          console.error("Photo upload failed", error);
          const reason = apiErrorText(t, error, t("createRepair.uploadFailed"));
          problem = t("createRepair.createdWithoutPhotos", { number: saved.repair_number, reason });
        });
      }
      if (!editing && deposit.amount.trim()) {
        // A deposit taken at the counter as the item is left.
        await paymentsApi
          .pay(saved.id, { kind: "deposit", amount: deposit.amount, method: deposit.method })
          .catch((error: unknown) => {
            const reason = apiErrorText(t, error, t("money.failed"));
            problem = t("money.depositFailed", { number: saved.repair_number, reason });
          });
      }
      if (!editing) {
        setValues(blank);
        setPhotos([]);
      }
      sessionStorage.removeItem(key);
      if (!editing) setDeposit({ amount: "", method: "cash" });
      onSaved(saved, problem);
    } catch (error) {
      // Changed since the form opened: the repair is read again behind it, what was typed stays.
      if (error instanceof ApiError && error.code === "repairChanged") onStale?.();
      if (rethrow) throw error;
      // An error about a field shows under that field, once; anything else above the buttons.
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Partial<Record<Name, ErrorCode>>);
      else setFailure(apiErrorText(t, error, editing ? t("repair.errors.update") : t("createRepair.failed")));
    } finally {
      setBusy(false);
    }
  }

  const input = "rounded-md border border-slate-300 px-3 py-2 text-base font-normal text-slate-900";
  const field = (name: Name, label: string, control: ReactNode) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      {control}
      {errors[name] && <span className="font-normal text-red-700">{fieldErrorText(t, errors[name])}</span>}
    </label>
  );
  const text = (name: Name, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      aria-invalid={errors[name] ? true : undefined}
      className={input}
      {...props}
    />
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={editing ? t("createRepair.editTitle") : t("createRepair.title")}
      wide
    >
      <Form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        {candidate && (
          <WarrantySuggestion
            candidate={candidate}
            onLink={() => {
              set("warranty_of", candidate.id);
              set("warranty_of_number", candidate.repair_number);
            }}
          />
        )}
        {values.warranty_of_number && (
          <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900 sm:col-span-2">
            {t("warranty.returnOf", { number: values.warranty_of_number })}
          </p>
        )}
        {field(
          "repair_number",
          t("createRepair.repairNumber"),
          text("repair_number", editing ? { required: true } : { placeholder: t("createRepair.numberGiven") }),
        )}
        {field(
          "customer_name",
          t("createRepair.customerName"),
          text("customer_name", { required: true, autoComplete: "off" }),
        )}
        {field(
          "customer_phone",
          t("createRepair.customerPhone"),
          text("customer_phone", { type: "tel", autoComplete: "off" }),
        )}
        {field(
          "customer_email",
          t("createRepair.customerEmail"),
          text("customer_email", { type: "email", autoComplete: "off", inputMode: "email" }),
        )}
        {field(
          "customer_language",
          t("createRepair.customerLanguage"),
          <select
            value={values.customer_language}
            onChange={(e) => set("customer_language", e.target.value)}
            className={input}
          >
            {LOCALES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          "item_type",
          t("createRepair.itemType"),
          <select value={values.item_type} onChange={(e) => set("item_type", e.target.value)} className={input}>
            {ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`itemTypes.${type}`)}
              </option>
            ))}
          </select>,
        )}
        <div className="sm:col-span-2">
          {field(
            "item_description",
            t("createRepair.itemDescription"),
            <textarea
              value={values.item_description}
              onChange={(e) => set("item_description", e.target.value)}
              rows={2}
              required
              aria-invalid={errors.item_description ? true : undefined}
              className={input}
            />,
          )}
        </div>
        {(["identity", "condition", "service", "warranty"] as const).map((section) => (
          <RecordInputs
            key={section}
            section={section}
            itemType={values.item_type as ItemType}
            values={values}
            errors={errors}
            onChange={set}
            inputClass={input}
          />
        ))}
        <div className="sm:col-span-2">
          {field(
            "notes",
            t("createRepair.notes"),
            <textarea value={values.notes} onChange={(e) => set("notes", e.target.value)} rows={2} className={input} />,
          )}
        </div>
        {field(
          "status",
          t("createRepair.status"),
          <select value={values.status} onChange={(e) => set("status", e.target.value)} className={input}>
            {REPAIR_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          "deadline",
          t("createRepair.deadline"),
          text("deadline", { placeholder: t("createRepair.deadlinePlaceholder"), inputMode: "numeric", maxLength: 10 }),
        )}
        {editing &&
          field("outsourced_to", t("createRepair.outsourcedTo"), text("outsourced_to", { autoComplete: "off" }))}
        {editing &&
          field(
            "final_price",
            t("createRepair.finalPrice"),
            text("final_price", { inputMode: "decimal", autoComplete: "off" }),
          )}
        {!editing && (
          <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-semibold text-slate-800">{t("money.deposit")}</legend>
            <PaymentFields
              amount={deposit.amount}
              method={deposit.method}
              amountError={depositError}
              onChange={(change) => {
                setDeposit((current) => ({ ...current, ...change }));
                if (change.amount !== undefined) setDepositError(undefined);
              }}
            />
          </fieldset>
        )}
        <PhotoPicker
          editing={editing}
          photos={photos}
          onAdd={(files) => void addPhotos(files)}
          onRemove={(index) => setPhotos(photos.filter((_, i) => i !== index))}
          onCamera={() => setCamera(true)}
        />
        {notice && <SuccessNotice className="sm:col-span-2">{notice}</SuccessNotice>}
        {failure && <ErrorNotice className="sm:col-span-2">{failure}</ErrorNotice>}
        <div className="flex justify-end gap-3 sm:col-span-2">
          <button type="button" onClick={() => close(false)} className={button("secondary")}>
            {t("createRepair.cancel")}
          </button>
          <button type="submit" disabled={busy} className={button("primary")}>
            {busy ? t("createRepair.saving") : editing ? t("createRepair.saveChanges") : t("createRepair.save")}
          </button>
        </div>
      </Form>
      {camera && <CameraDialog onCapture={(file) => addPhotos([file])} onClose={closeCamera} />}
      {/* Outside the form: its own form's submit must not reach this one's (React bubbles through portals). */}
      {sendOut.dialog}
    </Modal>
  );
}
