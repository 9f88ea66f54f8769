"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from "react";
import type { Locale } from "@/i18n/config";
import { workshopsApi, type SendOut, type WorkshopJson } from "@/lib/client/api";
import { ApiError } from "@/lib/client/api-client";
import { maskDate } from "@/lib/repairs/dates";
import { amountInputText, parseAmount } from "@/lib/repairs/money";
import { sendOutSchema } from "@/lib/repairs/schema";
import { workshopSchema } from "@/lib/workshops/schema";
import { dayIn } from "@/lib/time-zone";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { Modal } from "@/components/ui/modal";
import { ErrorNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { useCurrentUser } from "@/components/session/auth-guard";
import { Form } from "@/components/ui/form";
import { Field as TextField, SelectField } from "@/components/ui/field";

// Sending a repair (or the list's selection) to an outside workshop (issue
// 17, part 2): which workshop (or a new one, named here), the date sent
// (today in the shop's time zone), the expected return, an optional cost and
// tracking number. The dialog stays open, with the server's errors under
// their fields, until the change is saved.

const NEW = "new";
type Field = "workshop" | "name" | "sent_on" | "expected_back" | "cost" | "tracking";
/** The server's names of this dialog's fields (a new workshop's name, the send-out's own). */
const SERVER_FIELDS: Record<string, Field> = {
  name: "name",
  "send_out.workshop_id": "workshop",
  "send_out.sent_on": "sent_on",
  "send_out.expected_back": "expected_back",
  "send_out.cost": "cost",
  "send_out.tracking": "tracking",
};

export function SendOutDialog({
  count = 1,
  initial,
  onCancel,
  onSubmit,
}: {
  /** How many repairs go out (the list's selection). */
  count?: number;
  /** An item already out: its details, to change. */
  initial?: Partial<SendOut>;
  onCancel: () => void;
  onSubmit: (sendOut: SendOut) => Promise<void>;
}) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const { user } = useCurrentUser();
  const [workshops, setWorkshops] = useState<WorkshopJson[] | null>(null);
  const [choice, setChoice] = useState("");
  const [name, setName] = useState("");
  const [sentOn, setSentOn] = useState(() => initial?.sent_on ?? dayIn(new Date(), user.time_zone));
  const [expectedBack, setExpectedBack] = useState(initial?.expected_back ?? "");
  const [cost, setCost] = useState(() => (initial?.cost != null ? amountInputText(initial.cost, locale) : ""));
  const [tracking, setTracking] = useState(initial?.tracking ?? "");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    workshopsApi.list().then(
      ({ workshops: list }) => {
        setWorkshops(list);
        const kept = list.find((w) => w.id === initial?.workshop_id);
        setChoice(kept ? kept.id : list.length === 1 ? list[0].id : list.length === 0 ? NEW : "");
      },
      (error: unknown) => setFailure(apiErrorText(t, error, t("sendOut.failed"))),
    );
    // Read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t]);

  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsedCost = cost.trim() ? parseAmount(cost, locale) : { value: null, error: null };
    const found: Partial<Record<Field, string>> = {};
    if (!choice) found.workshop = "workshopRequired";
    if (choice === NEW) {
      const named = workshopSchema.shape.name.safeParse(name);
      if (!named.success) found.name = named.error.issues[0].message;
    }
    if (parsedCost.error) found.cost = parsedCost.error === "amountRequired" ? undefined : parsedCost.error;
    // The server's own schema on what would be sent: the same rules for the dates and the tracking number.
    const checked = sendOutSchema
      .pick({ sent_on: true, expected_back: true, tracking: true })
      .safeParse({ sent_on: sentOn, expected_back: expectedBack, tracking });
    for (const issue of checked.error?.issues ?? []) found[issue.path[0] as Field] ??= issue.message;
    const shown = Object.fromEntries(Object.entries(found).map(([k, code]) => [k, fieldErrorText(t, code)]));
    setErrors(shown);
    if (Object.values(shown).some(Boolean)) return;

    setBusy(true);
    setFailure(null);
    try {
      let workshopId = choice;
      if (choice === NEW) {
        const { workshop } = await workshopsApi.create({ name, contact: "", notes: "" });
        // Saved: should sending out fail now, the new workshop is in the list to pick.
        setWorkshops((list) => [...(list ?? []), workshop]);
        setChoice(workshop.id);
        workshopId = workshop.id;
      }
      await onSubmit({
        workshop_id: workshopId,
        sent_on: sentOn,
        expected_back: expectedBack,
        cost: parsedCost.value,
        tracking,
      });
    } catch (error) {
      // The send-out's own fields show under them; anything else (another field of an edit) above the buttons.
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const byField: Partial<Record<Field, string>> = {};
      for (const [key, code] of Object.entries(fields)) {
        const field = SERVER_FIELDS[key];
        if (field) byField[field] = fieldErrorText(t, code);
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFailure(apiErrorText(t, error, t("sendOut.failed")));
      setBusy(false);
    }
  }

  /** A labelled text field with its error; `props` for the keyboard and length. */
  const textField = (
    text: string,
    field: Field,
    value: string,
    set: (v: string) => void,
    props: InputHTMLAttributes<HTMLInputElement> = {},
    transform = (typed: string) => typed,
  ) => (
    <TextField
      label={text}
      autoComplete="off"
      value={value}
      onChange={(e) => {
        set(transform(e.target.value));
        clear(field);
      }}
      error={errors[field]}
      {...props}
    />
  );
  const dateProps = {
    inputMode: "numeric",
    maxLength: 10,
    placeholder: t("createRepair.deadlinePlaceholder"),
  } as const;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onCancel()}
      title={count > 1 ? t("sendOut.titleMany", { count }) : t("sendOut.title")}
    >
      <Form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {workshops === null && !failure && <p className="text-sm text-slate-600">{t("common.loading")}</p>}
        {workshops !== null && (
          <>
            <SelectField
              label={t("sendOut.workshop")}
              value={choice}
              onChange={(e) => {
                setChoice(e.target.value);
                clear("workshop");
              }}
              error={errors.workshop}
              options={[
                { value: "", label: t("sendOut.choose"), disabled: true },
                ...workshops.map((w) => ({ value: w.id, label: w.name })),
                { value: NEW, label: t("sendOut.newWorkshop") },
              ]}
            />
            {choice === NEW && (
              <>
                {textField(t("sendOut.newName"), "name", name, setName)}
                <p className="text-sm text-slate-600">
                  {t.rich("sendOut.manage", {
                    link: (text) => (
                      <Link href="/settings#workshops" className="text-blue-800 underline">
                        {text}
                      </Link>
                    ),
                  })}
                </p>
              </>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              {textField(t("sendOut.sentOn"), "sent_on", sentOn, setSentOn, dateProps, maskDate)}
              {textField(
                t("sendOut.expectedBack"),
                "expected_back",
                expectedBack,
                setExpectedBack,
                dateProps,
                maskDate,
              )}
              {textField(t("sendOut.cost"), "cost", cost, setCost, { inputMode: "decimal" })}
              {textField(t("sendOut.tracking"), "tracking", tracking, setTracking)}
            </div>
          </>
        )}
        {failure && <ErrorNotice>{failure}</ErrorNotice>}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onCancel} className={button("secondary")}>
            {t("repair.cancel")}
          </button>
          <button type="submit" disabled={busy || workshops === null} className={button("primary")}>
            {t("sendOut.submit")}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
