"use client";

import { useCallback, useRef } from "react";

// A refused submit shows its first error where the person is looking: the
// first field marked invalid (or, when no field is, the form's error message)
// is scrolled into view and given focus. Whether the refusal comes from the
// form's own checks (at once) or from the server (whenever it answers), on a
// phone the error is otherwise often off-screen and nothing seems to happen.

const ERROR = '[aria-invalid="true"], [role="alert"]';

function reveal(form: HTMLFormElement): boolean {
  const target = form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.querySelector<HTMLElement>(ERROR);
  if (!target) return false;
  target.scrollIntoView({ block: "center" });
  if (!target.matches("input, select, textarea, button")) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  return true;
}

/** A ref for a <form>: after each submit, the first error that shows is revealed (once per submit). */
export function useRevealErrors() {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback((form: HTMLFormElement | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!form) return;
    let armed = false;
    const check = () => {
      if (armed && reveal(form)) armed = false;
    };
    const observer = new MutationObserver(check);
    observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-invalid"] });
    const onSubmit = () => {
      armed = true;
      // The form's own checks render with the submit; a server's answer comes later (the observer).
      requestAnimationFrame(() => requestAnimationFrame(check));
    };
    // Typing again ends the wait: a field marked invalid as it is typed never pulls the focus away.
    const onInput = () => {
      armed = false;
    };
    form.addEventListener("submit", onSubmit);
    form.addEventListener("input", onInput);
    cleanup.current = () => {
      observer.disconnect();
      form.removeEventListener("submit", onSubmit);
      form.removeEventListener("input", onInput);
    };
  }, []);
}
