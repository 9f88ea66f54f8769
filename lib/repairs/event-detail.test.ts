import { describe, expect, it } from "vitest";
import { eventDetail, eventParts } from "./event-detail";

describe("a history entry's detail", () => {
  it("reads back the parts it was written from, the last one whole even with a colon in it", () => {
    expect(eventParts(eventDetail("payment", "90.50", "card"), 3)).toEqual(["payment", "90.50", "card"]);
    expect(eventParts(eventDetail("deposit", "20.00", "Cobrat dues vegades: error"), 3)).toEqual([
      "deposit",
      "20.00",
      "Cobrat dues vegades: error",
    ]);
    expect(eventParts(eventDetail("intake", "Joana: la filla"), 2)).toEqual(["intake", "Joana: la filla"]);
    expect(eventParts(null, 3)).toEqual(["", "", ""]);
  });
});
