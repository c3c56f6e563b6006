import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-query.ts";

const site = "https://www.meridianpress.example";

describe("a page's URL as it is rendered and kept", () => {
  it("keeps only the parameters the screen reads, in one order", () => {
    expect(pageUrl(`${site}/journals?utm_source=news&page=2&access=open`)).toBe(`${site}/journals?access=open&page=2`);
    expect(pageUrl(`${site}/journals?page=2&access=open`)).toBe(pageUrl(`${site}/journals?access=open&page=2&fbclid=x`));
    expect(pageUrl(`${site}/tr/arama?q=g%C3%B6%C3%A7&type=article&x=1`)).toBe(`${site}/tr/arama?q=g%C3%B6%C3%A7&type=article`);
    expect(pageUrl(`${site}/journals/j/articles/v1-n1?page=3&ref=mail`)).toBe(`${site}/journals/j/articles/v1-n1?page=3`);
  });

  it("drops every parameter of a screen that reads none, and leaves a URL without a query as it is", () => {
    expect(pageUrl(`${site}/books/some-book?utm_campaign=x&page=2`)).toBe(`${site}/books/some-book`);
    expect(pageUrl(`${site}/tr?sigterm=4`)).toBe(`${site}/tr`);
    expect(pageUrl(`${site}/journals`)).toBe(`${site}/journals`);
  });

  it("keeps a repeated parameter whole (the page answers it with a 404) and a form's sent answer", () => {
    expect(pageUrl(`${site}/search?q=a&q=b`)).toBe(`${site}/search?q=a&q=b`);
    expect(pageUrl(`${site}/tr/bize-ulasin/finans?sent=MP-1&proof=p&gclid=1`)).toBe(`${site}/tr/bize-ulasin/finans?proof=p&sent=MP-1`);
    expect(pageUrl(`${site}/contact-us?sent=MP-1&proof=p`)).toBe(`${site}/contact-us?proof=p&sent=MP-1`);
    expect(pageUrl(`${site}/tr/form-permission?sent=MP-1&proof=p`)).toBe(`${site}/tr/form-permission?proof=p&sent=MP-1`);
  });

  it("leaves a URL that is no route of the table as it is: React Router's manifest, a path that names no page", () => {
    expect(pageUrl(`${site}/__manifest?p=%2Fjournals%2Fx&version=0f395df7`)).toBe(`${site}/__manifest?p=%2Fjournals%2Fx&version=0f395df7`);
    expect(pageUrl(`${site}/no/such/page?x=1`)).toBe(`${site}/no/such/page?x=1`);
  });

  it("keeps a client navigation's routes and the screen's own parameters", () => {
    expect(pageUrl(`${site}/journals.data?_routes=routes%2Fjournals%2Flist.en&page=2&utm_source=x`)).toBe(
      `${site}/journals.data?_routes=routes%2Fjournals%2Flist.en&page=2`,
    );
    expect(pageUrl(`${site}/tr/dergiler/x/makaleler.data?page=2`)).toBe(`${site}/tr/dergiler/x/makaleler.data?page=2`);
  });
});
