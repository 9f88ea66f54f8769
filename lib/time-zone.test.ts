import { describe, expect, it } from "vitest";
import { dayIn, dayTimeIn, defaultTimeZone, isTimeZone, wallClockIn } from "./time-zone";

describe("instants in the shop's time zone", () => {
  it("reads a repair taken at 00:30 in Madrid as that day, not the day before", () => {
    const instant = "2026-03-01T23:30:00.000Z"; // 00:30 on 2 March in Madrid (UTC+1)
    expect(dayIn(instant, "Europe/Madrid")).toBe("02/03/2026");
    expect(dayIn(instant, "UTC")).toBe("01/03/2026");
    expect(dayTimeIn(instant, "Europe/Madrid")).toBe("02/03/2026 00:30");
  });

  it("follows daylight saving time across its change", () => {
    // Madrid moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    expect(dayTimeIn("2026-03-29T00:30:00.000Z", "Europe/Madrid")).toBe("29/03/2026 01:30");
    expect(dayTimeIn("2026-03-29T01:30:00.000Z", "Europe/Madrid")).toBe("29/03/2026 03:30");
    expect(dayTimeIn("2026-10-24T22:30:00.000Z", "Europe/Madrid")).toBe("25/10/2026 00:30");
    expect(dayTimeIn("2026-10-25T23:30:00.000Z", "Europe/Madrid")).toBe("26/10/2026 00:30");
    expect(dayTimeIn("2026-06-30T22:15:00.000Z", "Atlantic/Canary")).toBe("30/06/2026 23:15");
  });

  it("gives spreadsheets the wall-clock time as a zoneless date", () => {
    expect(wallClockIn(new Date("2026-03-01T23:30:00.000Z"), "Europe/Madrid").toISOString()).toBe(
      "2026-03-02T00:30:00.000Z",
    );
    expect(wallClockIn(new Date("2026-07-01T10:00:00.000Z"), "America/Mexico_City").toISOString()).toBe(
      "2026-07-01T04:00:00.000Z",
    );
  });

  it("knows IANA names and refuses others", () => {
    for (const zone of ["Europe/Madrid", "Atlantic/Canary", "America/Argentina/Buenos_Aires", "UTC"])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["Mars/Olympus", "", "Europe/Madrid; DROP", 5, null]) expect(isTimeZone(zone)).toBe(false);
    expect(isTimeZone(defaultTimeZone())).toBe(true);
  });
});
