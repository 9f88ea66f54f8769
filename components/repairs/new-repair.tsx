"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { RepairJson } from "@/lib/repairs/serialize";
import { lazyComponent } from "@/components/ui/lazy";
import { button } from "@/components/ui/button";
import { draftKey } from "./draft-key";

// The create form (and the dialog library under it) is loaded when first
// wanted, not with the list: the button starts fetching it on hover or focus.
const loadForm = () => import("./repair-form-dialog");
const RepairFormDialog = lazyComponent(() => loadForm().then((m) => m.RepairFormDialog));

/**
 * The "New repair" button and its dialog, with their own state: opening the
 * dialog re-renders this, not the fifty rows of the list (or the dashboard).
 */
export function NewRepair({ onCreated }: { onCreated: (repair: RepairJson, photoProblem?: string) => void }) {
  const t = useTranslations();
  // A new repair typed before the session ended (the form's draft) opens again at once.
  const [creating, setCreating] = useState(() => sessionStorage.getItem(draftKey()) !== null);
  return (
    <>
      <button
        type="button"
        onClick={() => setCreating(true)}
        onPointerEnter={loadForm}
        onFocus={loadForm}
        className={button("primary")}
      >
        {t("createRepair.open")}
      </button>
      {creating && (
        <RepairFormDialog
          open
          onOpenChange={setCreating}
          onSaved={(repair, photoProblem) => {
            setCreating(false);
            onCreated(repair, photoProblem);
          }}
        />
      )}
    </>
  );
}
