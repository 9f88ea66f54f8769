import { describe, expect, it } from "vitest";
import { chatNumber } from "./chat-number";

describe("chatNumber", () => {
  it.each([
    ["612 345 678", "34612345678"],
    ["+34 612 345 678", "34612345678"],
    ["0034 712-345-678", "34712345678"],
    ["(+34) 612.345.678", "34612345678"],
    ["+44 7700 900123", "447700900123"],
    ["0033 6 12 34 56 78", "33612345678"],
  ])("reads %s as %s", (phone, number) => expect(chatNumber(phone)).toBe(number));

  it.each([
    ["a Spanish fixed line", "933 112 233"],
    ["a Spanish fixed line with its code", "+34 933 112 233"],
    ["a number too short", "61234567"],
    ["a Spanish mobile with a digit too many", "+34 6123456789"],
    ["a foreign number too short", "+44 1234"],
    ["letters", "612 ABC 678"],
    ["nothing", "  "],
    ["none", null],
  ])("gives nothing for %s", (_, phone) => expect(chatNumber(phone)).toBeNull());
});
