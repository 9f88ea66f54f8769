"use client";

import type { FormHTMLAttributes } from "react";
import { useRevealErrors } from "./use-reveal-errors";

/** Every form of the app: a refused submit brings its first error into view and focus. */
export function Form(props: FormHTMLAttributes<HTMLFormElement>) {
  return <form ref={useRevealErrors()} {...props} />;
}
