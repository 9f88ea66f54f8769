"use client";

import { lazyComponent } from "@/components/ui/lazy";
import { useState } from "react";
import type { SendOut } from "@/lib/client/api";

// The send-out dialog wherever a repair can become outsourced (the badge, the
// quick action, the list's selection): `ask` opens it with what to do with
// the details; it closes once that is done. Its code loads when first opened.
const SendOutDialog = lazyComponent(() => import("./send-out-dialog").then((m) => m.SendOutDialog));

type Pending = { count: number; submit: (sendOut: SendOut) => Promise<void>; initial?: Partial<SendOut> };

export function useSendOut() {
  const [pending, setPending] = useState<Pending | null>(null);
  const dialog = pending && (
    <SendOutDialog
      count={pending.count}
      initial={pending.initial}
      onCancel={() => setPending(null)}
      onSubmit={async (sendOut) => {
        await pending.submit(sendOut);
        setPending(null);
      }}
    />
  );
  return {
    ask: (submit: Pending["submit"], count = 1, initial?: Partial<SendOut>) => setPending({ submit, count, initial }),
    dialog,
  };
}
