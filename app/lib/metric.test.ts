import { describe, expect, it } from "vitest";
import { metricValue } from "./metric.ts";

const metric = (id: string, value: number) => ({ type: { id, title: id }, value, year: 2024 });

describe("a journal metric's value", () => {
  it("writes a rate as a percentage, the way each language does", () => {
    expect(metricValue(metric("acceptance-rate", 17), "en")).toBe("17%");
    expect(metricValue(metric("acceptance-rate", 17), "tr")).toBe("%17");
  });

  it("writes any other metric as a number in the locale's digits", () => {
    expect(metricValue(metric("impact-factor", 2.4), "en")).toBe("2.4");
    expect(metricValue(metric("impact-factor", 2.4), "tr")).toBe("2,4");
  });
});
