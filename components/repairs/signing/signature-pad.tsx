"use client";

import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";

// A signature drawn with a finger, a pen or a mouse on a canvas (pointer
// events; no scrolling while drawing), given back as a PNG data URL, or null
// while nothing has been drawn.

const HEIGHT = 180;

export function SignaturePad({ onChange }: { onChange: (image: string | null) => void }) {
  const t = useTranslations("signature");
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  // Sized to its box in device pixels once it is on the page, so lines stay sharp.
  const attach = useCallback((element: HTMLCanvasElement | null) => {
    canvas.current = element;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(element.clientWidth * ratio);
    element.height = Math.round(HEIGHT * ratio);
    const context = element.getContext("2d")!;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#0f172a";
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const draw = (to: { x: number; y: number }) => {
    const context = canvas.current?.getContext("2d");
    const from = last.current ?? { x: to.x - 0.1, y: to.y };
    if (!context) return;
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    last.current = to;
  };
  const end = () => {
    if (!last.current) return;
    last.current = null;
    setDrawn(true);
    onChange(canvas.current!.toDataURL("image/png"));
  };
  const clear = () => {
    const element = canvas.current;
    element?.getContext("2d")?.clearRect(0, 0, element.width, element.height);
    setDrawn(false);
    onChange(null);
  };

  return (
    <div className="flex flex-col gap-1">
      <canvas
        ref={attach}
        role="img"
        aria-label={t("pad")}
        data-drawn={drawn || undefined}
        className="h-[180px] w-full touch-none rounded-md border border-dashed border-slate-400 bg-slate-50"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = null;
          draw(point(event));
        }}
        onPointerMove={(event) => {
          if (last.current) draw(point(event));
        }}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>{t("hint")}</span>
        <button type="button" onClick={clear} disabled={!drawn} className="underline disabled:opacity-50">
          {t("clear")}
        </button>
      </div>
    </div>
  );
}
