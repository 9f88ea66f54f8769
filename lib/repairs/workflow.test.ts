import { describe, expect, it } from "vitest";
import { RepairStatus as DbStatus, QuoteStatus as DbQuote, ItemType as DbItem } from "@/lib/generated/prisma/enums";
import { effectiveQuoteStatus, ITEM_TYPES, QUOTE_STATUSES, REPAIR_STATUSES } from "./workflow";
import { WORKFLOW } from "./quick-actions";

describe("the workflow table", () => {
  it("covers exactly the database's 11 statuses, item types and quote statuses", () => {
    expect([...REPAIR_STATUSES].sort()).toEqual(Object.values(DbStatus).sort());
    expect(REPAIR_STATUSES).toHaveLength(11);
    expect([...ITEM_TYPES].sort()).toEqual(Object.values(DbItem).sort());
    expect([...QUOTE_STATUSES].sort()).toEqual(Object.values(DbQuote).sort());
    expect(Object.keys(WORKFLOW).sort()).toEqual([...REPAIR_STATUSES].sort());
  });

  it("offers each status's guided next steps, and sending out and bringing back (issue 17)", () => {
    const moves = (status: keyof typeof WORKFLOW, quote: Parameters<(typeof WORKFLOW)["sent"]["actions"]>[0] = null) =>
      WORKFLOW[status].actions(quote).map((a) => (a.kind === "move" ? `${a.action}->${a.to}` : a.action));
    expect(moves("received")).toEqual(["startDiagnosing->diagnosing"]);
    expect(moves("diagnosing")).toEqual(["createQuote"]);
    expect(moves("quoting", "pending")).toEqual(["approve->approved", "deny->denied"]);
    expect(moves("quoting", "approved")).toEqual([]);
    expect(moves("approved")).toEqual(["startRepair->in_repair", "sendOut"]);
    expect(moves("in_repair")).toEqual(["markReady->ready", "sendOut"]);
    expect(moves("in_progress")).toEqual(["markReady->ready", "sendOut"]);
    expect(moves("outsourced")).toEqual(["bringBack->in_repair", "markReady->ready"]);
    expect(moves("ready")).toEqual(["markPickedUp->picked_up"]);
    expect(WORKFLOW.picked_up.note).toBe("completed");
    expect(WORKFLOW.denied.note).toBe("denied");
  });

  it("reads a pending quote past its expiry as expired, and nothing else", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    const past = new Date("2026-05-01T11:59:59Z");
    const future = new Date("2026-05-02T00:00:00Z");
    expect(effectiveQuoteStatus("pending", past, now)).toBe("expired");
    expect(effectiveQuoteStatus("pending", future, now)).toBe("pending");
    expect(effectiveQuoteStatus("approved", past, now)).toBe("approved");
    expect(effectiveQuoteStatus(null, null, now)).toBeNull();
  });

  it("reads the same from the database's ISO strings, at the very instant and a millisecond either side", () => {
    const now = new Date("2026-05-01T12:00:00.000Z");
    expect(effectiveQuoteStatus("pending", "2026-05-01T11:59:59.999Z", now)).toBe("expired");
    expect(effectiveQuoteStatus("pending", "2026-05-01T12:00:00.000Z", now)).toBe("expired");
    expect(effectiveQuoteStatus("pending", "2026-05-01T12:00:00.001Z", now)).toBe("pending");
    // The same Date moved on is read again, not taken from the last call.
    now.setTime(now.getTime() + 2);
    expect(effectiveQuoteStatus("pending", "2026-05-01T12:00:00.001Z", now)).toBe("expired");
    // Another form of ISO 8601 is parsed.
    expect(effectiveQuoteStatus("pending", "2026-05-01T13:59:00+02:00", now)).toBe("expired");
    expect(effectiveQuoteStatus("pending", "2026-05-01T14:01:00+02:00", now)).toBe("pending");
  });
});
