"use client";

import dynamic from "next/dynamic";

// The confirmation, for screens that may never ask: its code (and the dialog
// library under it) loads when first shown, or earlier through
// preloadConfirmDialog (on hover or focus of the button that asks).
const load = () => import("./confirm-dialog");

export const preloadConfirmDialog = () => void load();

export const LazyConfirmDialog = dynamic(() => load().then((m) => m.ConfirmDialog), { ssr: false });
