"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { RepairJson } from "@/lib/repairs/serialize";
import { lazyComponent } from "@/components/ui/lazy";
import { button } from "@/components/ui/button";
import { draftKey } from "@/components/repairs/form/draft-key";

// The create form (and the dialog library under it) is loaded when first
// wanted, not with the list: the button starts fetching it on hover or focus.
const loadForm = () => import("@/components/repairs/form/repair-form-dialog");
const RepairFormDialog = lazyComponent(() => loadForm().then((m) => m.RepairFormDialog));

/**
 * The "New repair" button and its dialog, with their own state: opening the
 * dialog re-renders this, not the fifty rows of the list (or the dashboard).
 */
export function NewRepair({
  onCreated,
  prefill,
}: {
  /** `problem`: what was typed and not saved with the repair (photos, deposit), said for the person. */
  onCreated: (repair: RepairJson, problem?: string) => void;
  /** Opens the form with these values typed in (a new object each time: "Another item for this customer"). */
  prefill?: Record<string, string>;
}) {
  const t = useTranslations();
  // A new repair typed before the session ended (the form's draft) opens again at once.
  const [creating, setCreating] = useState(() => sessionStorage.getItem(draftKey()) !== null);
  const [initial, setInitial] = useState<Record<string, string>>();
  // A new prefill opens the form with it (adjusted while rendering, as React advises over an effect).
  const [seen, setSeen] = useState(prefill);
  if (prefill !== seen) {
    setSeen(prefill);
    if (prefill) {
      setInitial(prefill);
      setCreating(true);
    }
  }
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setInitial(undefined);
          setCreating(true);
        }}
        onPointerEnter={loadForm}
        onFocus={loadForm}
        className={button("primary")}
      >
        {t("createRepair.open")}
      </button>
      {creating && (
        <RepairFormDialog
          open
          initial={initial}
          onOpenChange={setCreating}
          onSaved={(repair, problem) => {
            setCreating(false);
            onCreated(repair, problem);
          }}
        />
      )}
    </>
  );
}
