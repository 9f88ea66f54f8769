"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { exportApi } from "@/lib/client/api";
import { isDayText, maskDate } from "@/lib/repairs/dates";
import { DEFAULT_EXPORT_FIELDS, EXPORT_FIELD_GROUPS, EXPORT_FIELDS, type ExportField } from "@/lib/export/fields";
import { REPAIR_STATUSES, type RepairStatus } from "@/lib/repairs/workflow";
import { apiErrorText, fieldErrorText } from "@/components/ui/error-text";
import { useFlash } from "@/components/ui/use-flash";
import { ErrorNotice, FlashNotice } from "@/components/ui/notice";
import { button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { DateField } from "@/components/ui/field";

const GROUPS = Object.entries(EXPORT_FIELD_GROUPS) as [keyof typeof EXPORT_FIELD_GROUPS, ExportField[]][];

// /export: optional dates, status checkboxes, the fields in
// three groups with Select All and Select None, Export and Cancel.
export function ExportForm() {
  const t = useTranslations();
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [statuses, setStatuses] = useState<RepairStatus[]>([]);
  const [fields, setFields] = useState<ExportField[]>(DEFAULT_EXPORT_FIELDS);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useFlash();
  // A download link that failed came back here saying why (lib/export/ticket.ts).
  // Said at the top, where a phone shows it, and once: the address loses ?failed=,
  // so a reload or the next export does not say it again.
  const failed = useSearchParams().get("failed");
  const [linkFailed, setLinkFailed] = useState(() =>
    failed ? (fieldErrorText(t, failed) ?? t("exportPage.failed")) : null,
  );
  useEffect(() => {
    if (failed) window.history.replaceState(window.history.state, "", "/export");
  }, [failed]);

  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (fields.length === 0) {
      setMessage({ kind: "error", text: t("errors.exportNoFields") });
      return;
    }
    if ([startDate, endDate].some((d) => d.trim() && !isDayText(d.trim()))) {
      setMessage({ kind: "error", text: t("errors.exportDateInvalid") });
      return;
    }
    setBusy(true);
    setMessage(null);
    setLinkFailed(null);
    try {
      const { url } = await exportApi.link({
        // In the order of the spec, whatever order they were ticked in.
        fields: EXPORT_FIELDS.filter((f) => fields.includes(f)),
        startDate: startDate || null,
        endDate: endDate || null,
        statuses: statuses.length ? statuses : null,
      });
      // Opened as a link, the file goes to disk as it streams (never whole in
      // this page's memory); this page stays. If the download fails, the link
      // comes back here with ?failed=, said below.
      window.location.assign(url);
      setMessage({ kind: "success", text: t("exportPage.done") });
    } catch (error) {
      setMessage({ kind: "error", text: apiErrorText(t, error, t("exportPage.failed")) });
    } finally {
      setBusy(false);
    }
  }

  const box = "flex items-center gap-2 text-sm text-slate-800";
  return (
    <Form onSubmit={submit} className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("exportPage.title")}</h1>
        <p className="mt-1 text-slate-600">{t("exportPage.intro")}</p>
        {linkFailed && <ErrorNotice className="mt-3">{linkFailed}</ErrorNotice>}
      </div>

      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 font-medium text-slate-800">{t("exportPage.dates")}</legend>
        {(["startDate", "endDate"] as const).map((name) => (
          <DateField
            key={name}
            label={t(`exportPage.${name}`)}
            value={name === "startDate" ? startDate : endDate}
            onChange={(e) => {
              (name === "startDate" ? setStartDate : setEndDate)(maskDate(e.target.value));
              setMessage(null);
            }}
            placeholder={t("exportPage.dateFormat")}
          />
        ))}
      </fieldset>

      <fieldset>
        <legend className="mb-2 font-medium text-slate-800">{t("exportPage.statuses")}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {REPAIR_STATUSES.map((status) => (
            <label key={status} className={box}>
              <input
                type="checkbox"
                checked={statuses.includes(status)}
                onChange={(e) => setStatuses(toggle(statuses, status, e.target.checked))}
              />
              {t(`statuses.${status}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 font-medium text-slate-800">{t("exportPage.fields")}</legend>
        <div className="mb-3 flex gap-3">
          <button
            type="button"
            onClick={() => {
              setFields([...EXPORT_FIELDS]);
              setMessage(null);
            }}
            className="text-sm text-blue-800 underline"
          >
            {t("exportPage.selectAll")}
          </button>
          <button type="button" onClick={() => setFields([])} className="text-sm text-blue-800 underline">
            {t("exportPage.selectNone")}
          </button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {GROUPS.map(([group, groupFields]) => (
            <fieldset key={group} className="rounded-lg border border-slate-200 bg-white p-3">
              <legend className="px-1 text-sm font-semibold text-slate-700">{t(`exportPage.${group}`)}</legend>
              <div className="flex flex-col gap-1.5">
                {groupFields.map((field) => (
                  <label key={field} className={box}>
                    <input
                      type="checkbox"
                      checked={fields.includes(field)}
                      onChange={(e) => {
                        setFields(toggle(fields, field, e.target.checked));
                        setMessage(null);
                      }}
                    />
                    {t(`fields.${field}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      </fieldset>

      <FlashNotice flash={message} />

      <div className="flex gap-3">
        <button type="submit" disabled={busy} className={button("primary")}>
          {busy ? t("exportPage.exporting") : t("exportPage.submit")}
        </button>
        <Link href="/dashboard" className={button("secondary")}>
          {t("exportPage.cancel")}
        </Link>
      </div>
    </Form>
  );
}
