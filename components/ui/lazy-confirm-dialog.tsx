"use client";

import { lazyComponent } from "./lazy";

// The confirmation, for screens that may never ask: its code (and the dialog
// library under it) loads when first shown, or earlier through
// preloadConfirmDialog (on hover or focus of the button that asks).
const load = () => import("./confirm-dialog");

export const preloadConfirmDialog = () => void load();

export const LazyConfirmDialog = lazyComponent(() => load().then((m) => m.ConfirmDialog));
