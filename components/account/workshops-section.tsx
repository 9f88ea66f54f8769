"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api-client";
import { workshopsApi, type WorkshopJson } from "@/lib/client/api";
import { button } from "@/components/ui/button";
import { LazyConfirmDialog, preloadConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { FlashNotice } from "@/components/ui/notice";
import { useFlash } from "@/components/ui/use-flash";
import { Form } from "@/components/ui/form";
import { Field as TextField } from "@/components/ui/field";

// The shop's outside workshops (issue 17, part 2): where repairs are sent out
// to. Added, changed and deleted here; chosen in the send-out dialog.

type Values = { name: string; contact: string; notes: string };
type Field = keyof Values;
const EMPTY: Values = { name: "", contact: "", notes: "" };

/** One workshop's form: a new one's, or an existing one's while edited. */
function WorkshopForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: Values;
  submitLabel: string;
  onSave: (values: Values) => Promise<void>;
  onCancel?: () => void;
}) {
  const t = useTranslations();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await onSave(values);
      setValues(initial);
      setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Partial<Record<Field, string>>);
      else setFailure(apiErrorText(t, error, t("settings.workshopFailed")));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, label: string) => (
    <TextField
      label={label}
      wide={name === "notes"}
      autoComplete="off"
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors((x) => ({ ...x, [name]: undefined }));
      }}
      error={errors[name] && fieldErrorText(t, errors[name])}
    />
  );
  return (
    <Form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      {field("name", t("settings.workshopName"))}
      {field("contact", t("settings.workshopContact"))}
      {field("notes", t("settings.workshopNotes"))}
      {failure && <p className="text-sm text-red-700 sm:col-span-2">{failure}</p>}
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" disabled={busy} className={button("primary")}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={button("secondary")}>
            {t("repair.cancel")}
          </button>
        )}
      </div>
    </Form>
  );
}

const valuesOf = (w: WorkshopJson): Values => ({ name: w.name, contact: w.contact ?? "", notes: w.notes ?? "" });

export function WorkshopsSection() {
  const t = useTranslations();
  const [workshops, setWorkshops] = useState<WorkshopJson[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WorkshopJson | null>(null);
  const [flash, setFlash] = useFlash();

  useEffect(() => {
    workshopsApi.list().then(
      (answer) => setWorkshops(answer.workshops),
      (error: unknown) => setFlash({ kind: "error", text: apiErrorText(t, error, t("settings.workshopFailed")) }),
    );
  }, [t, setFlash]);

  const byName = (list: WorkshopJson[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  const saved = (workshop: WorkshopJson) => {
    setWorkshops((list) => byName([...(list ?? []).filter((w) => w.id !== workshop.id), workshop]));
    setFlash({ kind: "success", text: t("success.workshopSaved") });
  };

  return (
    <section
      id="workshops"
      className="rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby="workshops-title"
    >
      <h2 id="workshops-title" className="text-lg font-semibold">
        {t("settings.workshops")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("settings.workshopsHint")}</p>
      <div className="mt-3 flex flex-col gap-4">
        {workshops?.length === 0 && <p className="text-sm text-slate-600">{t("settings.workshopsEmpty")}</p>}
        {workshops && workshops.length > 0 && (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
            {workshops.map((workshop) => (
              <li key={workshop.id} className="p-3">
                {editing === workshop.id ? (
                  <WorkshopForm
                    initial={valuesOf(workshop)}
                    submitLabel={t("settings.save")}
                    onCancel={() => setEditing(null)}
                    onSave={async (values) => {
                      saved((await workshopsApi.update(workshop.id, values)).workshop);
                      setEditing(null);
                    }}
                  />
                ) : (
                  <div className="flex flex-wrap items-start gap-3">
                    <div className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
                      <p className="font-medium text-slate-900">{workshop.name}</p>
                      {workshop.contact && <p className="text-slate-700">{workshop.contact}</p>}
                      {workshop.notes && <p className="whitespace-pre-wrap text-slate-600">{workshop.notes}</p>}
                    </div>
                    <div className="flex gap-2">
                      <button
                        type="button"
                        onClick={() => setEditing(workshop.id)}
                        aria-label={`${t("settings.workshopEdit")}: ${workshop.name}`}
                        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
                      >
                        {t("settings.workshopEdit")}
                      </button>
                      <button
                        type="button"
                        onClick={() => setDeleting(workshop)}
                        onPointerEnter={preloadConfirmDialog}
                        onFocus={preloadConfirmDialog}
                        aria-label={`${t("settings.workshopDelete")}: ${workshop.name}`}
                        className="rounded-md border border-red-300 px-3 py-1.5 text-sm text-red-800 hover:bg-red-50"
                      >
                        {t("settings.workshopDelete")}
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        <FlashNotice flash={flash} />
        {workshops && (
          <WorkshopForm
            initial={EMPTY}
            submitLabel={t("settings.workshopAdd")}
            onSave={async (values) => saved((await workshopsApi.create(values)).workshop)}
          />
        )}
      </div>
      {deleting && (
        <LazyConfirmDialog
          open
          onCancel={() => setDeleting(null)}
          title={t("settings.workshopDeleteTitle")}
          description={t("settings.workshopDeleteConfirm", { name: deleting.name })}
          cancelLabel={t("repair.cancel")}
          confirmLabel={t("settings.workshopDelete")}
          onConfirm={async () => {
            const gone = deleting;
            setDeleting(null);
            try {
              await workshopsApi.remove(gone.id);
              setWorkshops((list) => (list ?? []).filter((w) => w.id !== gone.id));
              setFlash({ kind: "success", text: t("success.workshopDeleted") });
            } catch (error) {
              setFlash({ kind: "error", text: apiErrorText(t, error, t("settings.workshopFailed")) });
            }
          }}
        />
      )}
    </section>
  );
}
