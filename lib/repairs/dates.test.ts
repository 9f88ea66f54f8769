import { describe, expect, it } from "vitest";
import { formatDate, parseDeadline } from "./dates";

describe("parseDeadline", () => {
  it.each([
    ["2026-04-01", "2026-04-01T00:00:00.000Z"],
    ["01/04/2026", "2026-04-01T00:00:00.000Z"],
    ["2026-04-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z"],
    ["29/02/2028", "2028-02-29T00:00:00.000Z"],
  ])("reads %s", (text, iso) => {
    expect(parseDeadline(text)?.toISOString()).toBe(iso);
  });

  it.each(["31/02/2026", "29/02/2027", "2026-13-01", "32/01/2026", "1/4/2026", "04/01/26", "tomorrow", "", "2026-04-1"])(
    "refuses %j",
    (text) => {
      expect(parseDeadline(text)).toBeNull();
    },
  );

  it("formats as DD/MM/YYYY", () => {
    expect(formatDate("2026-04-01T00:00:00.000Z")).toBe("01/04/2026");
  });
});
