import { describe, expect, it } from "vitest";
import { deletionStart, offsetAfter, significantBefore } from "./caret.ts";

describe("caret", () => {
  it("counts the digits and + before a position", () => {
    expect(significantBefore("+90 532 123", 0)).toBe(0);
    expect(significantBefore("+90 532 123", 4)).toBe(3);
    expect(significantBefore("(201) 555", 5)).toBe(3);
  });

  it("finds the offset after the n-th digit of the formatted text", () => {
    expect(offsetAfter("0532 123 45 67", 0)).toBe(0);
    expect(offsetAfter("0532 123 45 67", 4)).toBe(4);
    expect(offsetAfter("0532 123 45 67", 5)).toBe(6);
    expect(offsetAfter("0532", 9)).toBe(4);
  });

  it("moves Backspace and Delete past formatting characters onto a digit", () => {
    expect(deletionStart("0532 123", 5, "Backspace")).toBe(4);
    expect(deletionStart("(201) 555", 6, "Backspace")).toBe(4);
    expect(deletionStart("0532 123", 4, "Delete")).toBe(5);
  });

  it("leaves the caret alone next to a digit, or with no digit beyond the formatting", () => {
    expect(deletionStart("0532 123", 4, "Backspace")).toBeUndefined();
    expect(deletionStart("0532 123", 3, "Delete")).toBeUndefined();
    expect(deletionStart("(201", 1, "Backspace")).toBeUndefined();
    expect(deletionStart("0532 ", 4, "Delete")).toBeUndefined();
  });
});
