import { describe, expect, it } from "vitest";
import { dayIn, dayTimeIn, defaultTimeZone, isoWithOffset, isTimeZone, wallClockIn, wallClocksIn } from "./time-zone";

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

  it("writes an instant to the second with the zone's offset, in winter, in summer and west of UTC", () => {
    expect(isoWithOffset(new Date("2027-01-15T09:30:00.750Z"), "Europe/Madrid")).toBe("2027-01-15T10:30:00+01:00");
    expect(isoWithOffset(new Date("2027-07-15T09:30:00Z"), "Europe/Madrid")).toBe("2027-07-15T11:30:00+02:00");
    expect(isoWithOffset(new Date("2027-07-15T09:30:00Z"), "Atlantic/Canary")).toBe("2027-07-15T10:30:00+01:00");
    expect(isoWithOffset(new Date("2027-01-15T09:30:00Z"), "America/St_Johns")).toBe("2027-01-15T06:00:00-03:30");
    expect(isoWithOffset(new Date("2027-01-15T09:30:00Z"), "UTC")).toBe("2027-01-15T09:30:00+00:00");
  });

  it("knows IANA names and refuses others", () => {
    for (const zone of ["Europe/Madrid", "Atlantic/Canary", "America/Argentina/Buenos_Aires", "UTC"])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["Mars/Olympus", "", "Europe/Madrid; DROP", 5, null]) expect(isTimeZone(zone)).toBe(false);
    expect(isTimeZone(defaultTimeZone())).toBe(true);
  });
});

describe("many instants in one zone (the export)", () => {
  it("gives every instant the same wall-clock time as one at a time, across every kind of change of offset", () => {
    const zones = [
      "Europe/Madrid",
      "America/New_York",
      "Australia/Lord_Howe", // moves by 30 minutes
      "Pacific/Chatham", // UTC+12:45 / +13:45
      "Pacific/Kiritimati",
      "America/Sao_Paulo",
      "UTC",
    ];
    for (const zone of zones) {
      const many = wallClocksIn(zone);
      const wrong: string[] = [];
      const check = (ms: number) => {
        const at = new Date(ms);
        if (many(at).getTime() !== wallClockIn(at, zone).getTime()) wrong.push(at.toISOString());
      };
      // Every 53 minutes and 13.5 seconds over 2026, through each zone's changes.
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_193_500) check(ms);
      // And each minute around the changes in Madrid, New York and Lord Howe (at :00 and :30 UTC).
      for (const change of [
        Date.UTC(2026, 2, 29, 1),
        Date.UTC(2026, 9, 25, 1),
        Date.UTC(2026, 2, 8, 7),
        Date.UTC(2026, 3, 4, 15),
        Date.UTC(2026, 9, 3, 15, 30),
      ]) {
        for (let ms = change - 3_600_000; ms <= change + 3_600_000; ms += 60_000) check(ms + 999);
      }
      expect(wrong, zone).toEqual([]);
    }
    // Some 70,000 instants read through Intl: seconds of CPU, more on a machine busy with other work.
  }, 60_000);
});
