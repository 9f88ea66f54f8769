"use client";

import { useCallback, useState, type ComponentType, type KeyboardEvent, type PointerEvent } from "react";

// Menus whose code (Radix and its positioning engine) loads on first use, so
// the list's first load carries none of it: a plain button stands in, with the
// same look and the same aria-haspopup, until it is pressed; then the real
// menu is loaded and mounted already open. Hovering or focusing the button
// starts the download early.

/** `load` must be a stable, module-level function. */
export function useOnDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const want = useCallback(() => {
    void load().then((component) => setLoaded(() => component));
  }, [load]);
  const preload = useCallback(() => void load().catch(() => undefined), [load]);
  return { Loaded, want, preload };
}

/** What opens a menu button: the primary pointer pressed, or Enter, Space or ArrowDown (as Radix's trigger does). */
export function openingHandlers(open: (button: HTMLElement) => void) {
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      open(event.currentTarget as HTMLElement);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== "Enter" && event.key !== " " && event.key !== "ArrowDown") return;
      event.preventDefault();
      open(event.currentTarget as HTMLElement);
    },
  };
}
