"use client";

import { useTranslations } from "next-intl";
import { Fragment, useCallback, useState, type ChangeEvent } from "react";
import { lazyComponent } from "@/components/ui/lazy";
import { LOCALES } from "@/i18n/config";
import { ITEM_TYPES, REPAIR_STATUSES, type ItemType } from "@/lib/repairs/workflow";
import { PaymentFields } from "@/components/money/payment-dialog";
import { fieldErrorText } from "@/components/ui/error-text";
import { AreaField, DateField, Field, MoneyField, SelectField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { ErrorNotice, SuccessNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { RecordInputs } from "./record-fields";
import { CustomerLookup } from "./customer-lookup";
import { PhotoPicker } from "./photo-picker";
import { useWarrantyCandidate, WarrantySuggestion } from "./warranty-suggestion";
import { useRepairForm, type RepairFormProps } from "./use-repair-form";
import type { Name } from "./repair-form-values";

// The camera's code is fetched only when someone opens it.
const CameraDialog = lazyComponent(() => import("./camera-dialog").then((m) => m.default));

/** The create modal and the edit form (the state and the save: ./use-repair-form.ts). */
export function RepairFormDialog({
  open,
  onOpenChange,
  ...props
}: RepairFormProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations();
  const form = useRepairForm(props);
  const { values, errors, editing, set } = form;
  const [camera, setCamera] = useState(false);
  const closeCamera = useCallback(() => setCamera(false), []);
  const candidate = useWarrantyCandidate(values, editing);
  const close = (open: boolean) => {
    if (!open) form.forget();
    onOpenChange(open);
  };
  /** A control's value, change and error, for the form part of field `name`. */
  const bound = (name: Name) => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(name, e.target.value),
    error: errors[name] && fieldErrorText(t, errors[name]),
  });
  const choices = (values: readonly string[], labels: "languages" | "itemTypes" | "statuses") =>
    values.map((value) => ({ value, label: t(`${labels}.${value}` as never) }));

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={editing ? t("createRepair.editTitle") : t("createRepair.title")}
      wide
    >
      <Form noValidate onSubmit={form.submit} className="grid gap-3 sm:grid-cols-2">
        {values.same_visit_number && (
          <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900 sm:col-span-2">
            {t("createRepair.sameVisit", { number: values.same_visit_number })}
          </p>
        )}
        {values.warranty_of_number && (
          <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900 sm:col-span-2">
            {t("warranty.returnOf", { number: values.warranty_of_number })}
          </p>
        )}
        <Field
          label={t("createRepair.repairNumber")}
          {...bound("repair_number")}
          {...(editing ? { required: true } : { placeholder: t("createRepair.numberGiven") })}
        />
        {/* The number is the server's to give: a new repair starts at the customer's name. */}
        <Field
          label={t("createRepair.customerName")}
          {...bound("customer_name")}
          required
          autoComplete="off"
          data-autofocus={editing ? undefined : ""}
        />
        <Field label={t("createRepair.customerPhone")} {...bound("customer_phone")} type="tel" autoComplete="off" />
        {!editing && (
          <CustomerLookup
            name={values.customer_name}
            phone={values.customer_phone}
            onPick={(customer) => {
              set("customer_name", customer.name);
              set("customer_phone", customer.phone ?? "");
              set("customer_email", customer.email ?? "");
              set("customer_language", customer.language);
            }}
          />
        )}
        <Field
          label={t("createRepair.customerEmail")}
          {...bound("customer_email")}
          type="email"
          autoComplete="off"
          inputMode="email"
        />
        <SelectField
          label={t("createRepair.customerLanguage")}
          {...bound("customer_language")}
          options={choices(LOCALES, "languages")}
        />
        <SelectField
          label={t("createRepair.itemType")}
          {...bound("item_type")}
          options={choices(ITEM_TYPES, "itemTypes")}
        />
        <AreaField label={t("createRepair.itemDescription")} {...bound("item_description")} required wide />
        {(["work", "identity", "condition", "service", "warranty"] as const).map((section) => (
          <Fragment key={section}>
            <RecordInputs
              section={section}
              itemType={values.item_type as ItemType}
              values={values}
              errors={errors}
              onChange={set}
            />
            {/* Under the serial number just typed, where the eyes are, not at the top of the form. */}
            {section === "identity" && candidate && (
              <WarrantySuggestion
                candidate={candidate}
                onLink={() => {
                  set("warranty_of", candidate.id);
                  set("warranty_of_number", candidate.repair_number);
                  // Covered by that repair's warranty: the server gives none of its own unless staff type some.
                  set("warranty_months", "");
                }}
              />
            )}
          </Fragment>
        ))}
        <AreaField label={t("createRepair.notes")} {...bound("notes")} wide />
        <SelectField
          label={t("createRepair.status")}
          {...bound("status")}
          options={choices(REPAIR_STATUSES, "statuses")}
        />
        <DateField
          label={t("createRepair.deadline")}
          {...bound("deadline")}
          placeholder={t("createRepair.deadlinePlaceholder")}
        />
        {editing && <Field label={t("createRepair.outsourcedTo")} {...bound("outsourced_to")} autoComplete="off" />}
        {editing && <MoneyField label={t("createRepair.finalPrice")} {...bound("final_price")} />}
        {!editing && (
          <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-semibold text-slate-800">{t("money.deposit")}</legend>
            <PaymentFields
              amount={form.deposit.amount}
              method={form.deposit.method}
              amountError={form.depositError}
              onChange={form.changeDeposit}
            />
          </fieldset>
        )}
        <PhotoPicker
          editing={editing}
          photos={form.photos}
          onAdd={(files) => void form.addPhotos(files)}
          onRemove={form.removePhoto}
          onCamera={() => setCamera(true)}
        />
        {form.notice && <SuccessNotice className="sm:col-span-2">{form.notice}</SuccessNotice>}
        {form.failure && <ErrorNotice className="sm:col-span-2">{form.failure}</ErrorNotice>}
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          <button type="button" onClick={() => close(false)} className={button("secondary")}>
            {t("createRepair.cancel")}
          </button>
          {!editing && (
            <button
              type="button"
              disabled={form.busy}
              onClick={(event) => void form.submit(event, true)}
              className={button("secondary")}
            >
              {t("createRepair.saveAndNext")}
            </button>
          )}
          <button type="submit" disabled={form.busy} className={button("primary")}>
            {form.busy ? t("createRepair.saving") : editing ? t("createRepair.saveChanges") : t("createRepair.save")}
          </button>
        </div>
      </Form>
      {camera && <CameraDialog onCapture={(file) => form.addPhotos([file])} onClose={closeCamera} />}
      {/* Outside the form: its own form's submit must not reach this one's (React bubbles through portals). */}
      {form.sendOutDialog}
    </Modal>
  );
}
