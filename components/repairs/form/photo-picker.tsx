"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";

/** A chosen photo, small, from the file itself (nothing is uploaded before the repair exists). */
function Thumbnail({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  // A local blob: URL; next/image has nothing to add.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={url} alt="" className="h-10 w-10 rounded object-cover" />;
}

/**
 * The form's photos: chosen from files or taken with the camera. A new
 * repair's wait here (named, with a thumbnail, removable) until it is saved;
 * an edited repair's are uploaded at once by `onAdd`.
 */
export function PhotoPicker({
  editing,
  photos,
  onAdd,
  onRemove,
  onCamera,
}: {
  editing: boolean;
  photos: File[];
  onAdd: (files: FileList | null) => void;
  onRemove: (index: number) => void;
  onCamera: () => void;
}) {
  const t = useTranslations();
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">{t("createRepair.photos")}</legend>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <label className="cursor-pointer rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
          {editing ? t("createRepair.addPhotos") : t("createRepair.choosePhotos")}
          <input
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            onChange={(e) => {
              onAdd(e.target.files);
              e.target.value = "";
            }}
          />
        </label>
        <button
          type="button"
          onClick={onCamera}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {t("createRepair.takePhoto")}
        </button>
        {photos.map((photo, index) => (
          <span
            key={`${photo.name}-${index}`}
            className="inline-flex items-center gap-2 rounded bg-slate-100 py-1 pl-1 pr-2 text-sm"
          >
            <Thumbnail file={photo} />
            {photo.name}
            <button
              type="button"
              aria-label={t("createRepair.removePhoto", { name: photo.name })}
              onClick={() => onRemove(index)}
              className="px-1 text-slate-600"
            >
              ×
            </button>
          </span>
        ))}
      </div>
    </fieldset>
  );
}
