import type { QuoteStatus, RepairStatus } from "./workflow";

// The guided next steps of each status, for the repair's
// screen: apart from ./workflow so the list's JavaScript does not carry them.

/** A quick action: move to a status, or open the quote dialog. */
export type QuickAction =
  | {
      kind: "move";
      action: "startDiagnosing" | "approve" | "deny" | "startRepair" | "markReady" | "markPickedUp" | "bringBack";
      to: RepairStatus;
    }
  | { kind: "openQuote"; action: "createQuote" }
  /** Asks where and how it goes (issue 17), then moves to outsourced. */
  | { kind: "openSendOut"; action: "sendOut" };

type StatusInfo = {
  /** The guided next steps; the note, where the table has one. */
  actions: (quoteStatus: QuoteStatus | null) => QuickAction[];
  note?: "completed" | "denied";
};

const move = (action: Extract<QuickAction, { kind: "move" }>["action"], to: RepairStatus): QuickAction => ({
  kind: "move",
  action,
  to,
});

const SEND_OUT: QuickAction = { kind: "openSendOut", action: "sendOut" };

export const WORKFLOW: Record<RepairStatus, StatusInfo> = {
  sent: { actions: () => [] },
  received: { actions: () => [move("startDiagnosing", "diagnosing")] },
  diagnosing: { actions: () => [{ kind: "openQuote", action: "createQuote" }] },
  quoting: {
    actions: (quote) => (quote === "pending" ? [move("approve", "approved"), move("deny", "denied")] : []),
  },
  approved: { actions: () => [move("startRepair", "in_repair"), SEND_OUT] },
  in_progress: { actions: () => [move("markReady", "ready"), SEND_OUT] },
  in_repair: { actions: () => [move("markReady", "ready"), SEND_OUT] },
  outsourced: { actions: () => [move("bringBack", "in_repair"), move("markReady", "ready")] },
  ready: { actions: () => [move("markPickedUp", "picked_up")] },
  picked_up: { actions: () => [], note: "completed" },
  denied: { actions: () => [], note: "denied" },
};
