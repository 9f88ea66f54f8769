import { describe, expect, it } from "vitest";
import { formatDate, parseDeadline, isDayText, maskDate } from "./dates";

describe("parseDeadline", () => {
  it.each([
    ["2026-04-01", "2026-04-01T00:00:00.000Z"],
    ["01/04/2026", "2026-04-01T00:00:00.000Z"],
    ["2026-04-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z"],
    ["29/02/2028", "2028-02-29T00:00:00.000Z"],
  ])("reads %s", (text, iso) => {
    expect(parseDeadline(text)?.toISOString()).toBe(iso);
  });

  it.each([
    "31/02/2026",
    "29/02/2027",
    "2026-13-01",
    "32/01/2026",
    "1/4/2026",
    "04/01/26",
    "tomorrow",
    "",
    "2026-04-1",
  ])("refuses %j", (text) => {
    expect(parseDeadline(text)).toBeNull();
  });

  it("formats as DD/MM/YYYY", () => {
    expect(formatDate("2026-04-01T00:00:00.000Z")).toBe("01/04/2026");
  });
});

describe("maskDate: a date as typed on a phone or pasted", () => {
  it.each([
    ["05122026", "05/12/2026"],
    ["0", "0"],
    ["05", "05"],
    ["051", "05/1"],
    ["0512", "05/12"],
    ["05122", "05/12/2"],
    ["05/12/2026", "05/12/2026"],
    ["5/12/2026", "05/12/2026"],
    [" 5.2.2027 ", "05/02/2027"],
    ["5-2-2027", "05/02/2027"],
    ["05/12/20261", "05/12/2026"],
    ["ab05cd12", "05/12"],
    // Typed key by key with its slashes, day and month of one digit as people write them.
    ["5/", "05/"],
    ["5/1", "05/1"],
    ["5/12", "05/12"],
    ["5/12/", "05/12/"],
    ["05/12/202", "05/12/202"],
    ["15/1/", "15/01/"],
    ["15/01/2027", "15/01/2027"],
    ["15/1/2027", "15/01/2027"],
    ["05/122", "05/12/2"],
    ["", ""],
  ])("%j reads %j", (typed, shown) => expect(maskDate(typed)).toBe(shown));

  it.each([
    ["5/12/2026", "05/12/2026"],
    ["15/1/2027", "15/01/2027"],
    ["1/1/2027", "01/01/2027"],
    ["5.12.2026", "05/12/2026"],
    ["05122026", "05/12/2026"],
  ])("typed key by key, %j reads %j", (keys, shown) =>
    expect([...keys].reduce((field, key) => maskDate(field + key), "")).toBe(shown),
  );

  it("accepts only real dates written DD/MM/YYYY", () => {
    expect(isDayText("05/12/2026")).toBe(true);
    expect(isDayText("31/02/2026")).toBe(false);
    expect(isDayText("2026-12-05")).toBe(false);
    expect(isDayText("5/12/2026")).toBe(false);
  });
});
