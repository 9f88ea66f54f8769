"use client";

import { setNonce } from "get-nonce";

/**
 * Hands the page's CSP nonce to the libraries that add a <style> element at
 * run time (the dialogs' scroll lock, through react-style-singleton), so the
 * policy lets it in instead of blocking it on every dialog.
 */
export function StyleNonce({ nonce }: { nonce: string | null }) {
  if (nonce) setNonce(nonce);
  return null;
}
