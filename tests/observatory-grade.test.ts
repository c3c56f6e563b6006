import { describe, expect, it } from "vitest";
import { observatoryGrade } from "./observatory-grade.ts";

const host = "www.example.org";
const html = { "content-type": "text/html; charset=utf-8" };

describe("the Observatory's grading", () => {
  it("fails a site without security headers that answers plain HTTP", () => {
    const page = { status: 200, headers: html, body: "<p>hi</p>" };
    const { grade, score, results } = observatoryGrade({ page, http: page, httpRedirects: [], cors: { status: 200, headers: {} }, host });
    // 100 − 25 (no CSP) − 20 (no redirection) − 20 (no HSTS) − 5 (no nosniff) − 20 (no frame options)
    expect([grade, score]).toEqual(["F", 10]);
    expect(results["content-security-policy"].result).toBe("csp-not-implemented");
  });

  it("penalizes an unsafe policy and gives the bonuses only from an A up", () => {
    const headers = {
      ...html,
      "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
      "strict-transport-security": "max-age=31536000",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "no-referrer",
      "cross-origin-resource-policy": "same-origin",
    };
    const redirect = { status: 301, headers: { location: `https://${host}/` } };
    const observation = { http: redirect, httpRedirects: [`http://${host}/`, `https://${host}/`], cors: { status: 200, headers: {} }, host };
    const unsafe = observatoryGrade({ ...observation, page: { status: 200, headers, body: "" } });
    expect([unsafe.grade, unsafe.score]).toEqual(["B+", 80]);
    const strict = observatoryGrade({
      ...observation,
      page: {
        status: 200,
        headers: {
          ...headers,
          "content-security-policy":
            "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc' 'self'; form-action 'self'; frame-ancestors 'none'",
        },
        body: "",
      },
    });
    expect([strict.grade, strict.score]).toEqual(["A+", 130]);
  });
});
