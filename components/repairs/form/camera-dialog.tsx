"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Modal } from "@/components/ui/modal";
import { button } from "@/components/ui/button";

/** The camera captures JPEG at this quality. */
export const CAMERA_JPEG_QUALITY = 0.8;

// Loaded only when the camera is asked for. Opens the rear camera, shows it,
// and hands back one JPEG per capture; a refused permission is an alert.
export default function CameraDialog({ onCapture, onClose }: { onCapture: (file: File) => void; onClose: () => void }) {
  const t = useTranslations("createRepair");
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);

  useEffect(() => {
    let opened: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false })
      .then((media) => {
        opened = media;
        if (cancelled) media.getTracks().forEach((track) => track.stop());
        else setStream(media);
      })
      .catch(() => {
        window.alert(t("cameraError"));
        onClose();
      });
    return () => {
      cancelled = true;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, [onClose, t]);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  function capture() {
    const source = video.current;
    if (!source || !source.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext("2d")!.drawImage(source, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(new File([blob], `camera-${Date.now()}.jpg`, { type: "image/jpeg" }));
        onClose();
      },
      "image/jpeg",
      CAMERA_JPEG_QUALITY,
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t("cameraTitle")} wide>
      <div className="flex flex-col gap-3">
        <video ref={video} autoPlay playsInline muted className="max-h-[60vh] w-full rounded bg-black" />
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className={button("secondary")}>
            {t("cancel")}
          </button>
          <button type="button" onClick={capture} disabled={!stream} className={button("primary")}>
            {t("capture")}
          </button>
        </div>
      </div>
    </Modal>
  );
}
