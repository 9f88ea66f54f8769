"use client";

import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component whose code is fetched when it is first shown (the dialogs,
 * rendered only once opened): React's lazy, which is in every page already,
 * rather than next/dynamic, whose own code would be on every screen that
 * has one.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyComponent(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
