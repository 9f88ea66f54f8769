"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { PhotoJson } from "@/lib/repairs/serialize";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Modal } from "@/components/ui/modal";

// The repair's photos: click to enlarge, delete with confirmation.
export function PhotoGallery({
  photos,
  onDelete,
  onAdd,
}: {
  photos: PhotoJson[];
  onDelete: (photo: PhotoJson) => Promise<void>;
  /** Photos picked with the card's own button (a file, or the phone's camera). */
  onAdd: (files: File[]) => void;
}) {
  const t = useTranslations("repair");
  const tForm = useTranslations("createRepair");
  const add = (
    <label className="inline-flex w-fit cursor-pointer items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100">
      {tForm("addPhotos")}
      <input
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        onChange={(event) => {
          onAdd([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
    </label>
  );
  const [enlargedAt, setEnlargedAt] = useState<number | null>(null);
  const enlarged = enlargedAt === null ? null : (photos[enlargedAt] ?? null);
  const step = (by: number) => setEnlargedAt((at) => (at === null ? at : (at + by + photos.length) % photos.length));
  const [confirming, setConfirming] = useState<PhotoJson | null>(null);

  if (photos.length === 0)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-slate-600">{t("noPhotos")}</p>
        {add}
      </div>
    );
  return (
    <>
      {add}
      <ul className="mt-3 flex flex-wrap gap-3">
        {photos.map((photo, index) => (
          <li key={photo.id} className="flex flex-col items-start gap-1">
            <button
              type="button"
              onClick={() => setEnlargedAt(index)}
              aria-label={t("enlarge", { name: photo.file_name })}
              className="overflow-hidden rounded-lg border border-slate-200"
            >
              {/* Photos are served by our own route, already resized; next/image would only add a hop. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={photo.url} alt={photo.file_name} className="h-28 w-28 object-cover" />
            </button>
            <span className="text-xs text-slate-600">{t(`photoStages.${photo.stage}`)}</span>
            <button type="button" onClick={() => setConfirming(photo)} className="text-xs text-red-800 underline">
              {t("deletePhoto")}
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={enlarged !== null}
        onOpenChange={(open) => !open && setEnlargedAt(null)}
        title={enlarged?.file_name ?? ""}
        wide
      >
        <div
          className="flex flex-col gap-3"
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") step(1);
            if (event.key === "ArrowLeft") step(-1);
          }}
        >
          {enlarged && (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={enlarged.url} alt={enlarged.file_name} className="mx-auto max-h-[75dvh] w-auto object-contain" />
          )}
          {/* The photo alone in its own tab: the phone's own viewer pinches and zooms (a serial number must be readable). */}
          {enlarged && (
            <a
              href={enlarged.url}
              target="_blank"
              rel="noopener"
              className="self-center text-sm text-blue-800 underline"
            >
              {t("fullSizePhoto")}
            </a>
          )}
          <div className="flex flex-nowrap items-center justify-between gap-2">
            {photos.length > 1 ? (
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => step(-1)}
                  className="whitespace-nowrap rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
                >
                  ← {t("previousPhoto")}
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  className="whitespace-nowrap rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
                >
                  {t("nextPhoto")} →
                </button>
              </div>
            ) : (
              <span />
            )}
            <button
              type="button"
              onClick={() => setEnlargedAt(null)}
              className="whitespace-nowrap rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-900"
            >
              {t("closePhoto")}
            </button>
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        title={t("deletePhoto")}
        description={t("deletePhotoConfirm")}
        cancelLabel={t("cancel")}
        confirmLabel={t("delete")}
        onConfirm={async () => {
          const photo = confirming!;
          setConfirming(null);
          await onDelete(photo);
        }}
      />
    </>
  );
}
