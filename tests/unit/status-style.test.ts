import { describe, expect, it } from "vitest";
import { statusClasses } from "@/components/repairs/status/status-style";
import { REPAIR_STATUSES } from "@/lib/repairs/workflow";

describe("the status badge's colours", () => {
  it("gives every status its own colour", () => {
    const colors = REPAIR_STATUSES.map((s) => statusClasses(s).badge);
    expect(new Set(colors).size).toBe(11);
  });
});
