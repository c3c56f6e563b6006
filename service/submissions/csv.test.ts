import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv.ts";

describe("CSV", () => {
  it("writes plain values as they are", () => {
    expect(csvField("Çağrı Öztürk")).toBe("Çağrı Öztürk");
    expect(csvField("")).toBe("");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(3)).toBe("3");
    expect(csvField("a 'quoted' word")).toBe("a 'quoted' word");
  });

  it("quotes a field with a comma, quote, CR or LF and doubles its quotes (RFC 4180)", () => {
    expect(csvField("Ankara, Türkiye")).toBe('"Ankara, Türkiye"');
    expect(csvField('the "Journal"')).toBe('"the ""Journal"""');
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvField("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
    expect(csvField("a\rb")).toBe('"a\rb"');
    expect(csvField('"')).toBe('""""');
  });

  it("defuses a value a spreadsheet would run as a formula", () => {
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField("+90 212 555 01 01")).toBe("'+90 212 555 01 01");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvField("\t=1")).toBe("'\t=1");
    // Starting with CR: the apostrophe, and quotes for the CR.
    expect(csvField("\r=1")).toBe('"\'\r=1"');
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    // Only the start matters.
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("e-mail")).toBe("e-mail");
    // Numbers are ours and stay numbers.
    expect(csvField(-1)).toBe("-1");
  });

  it("ends every record with CRLF", () => {
    expect(csvRow(["a", "b,c", null, 2])).toBe('a,"b,c",,2\r\n');
    expect(csvRow(["1", "x\ny"])).toBe('1,"x\ny"\r\n');
  });
});
