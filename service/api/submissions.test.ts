import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../contract/api-types.ts";
import { newSubmissionId, referenceOf } from "../../forms/reference.ts";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createApiApp } from "./app.ts";
import { createContentService } from "./content-service.ts";
import { SUBMISSION_MAX_BYTES } from "./routes/submissions.ts";

const demo = demoBundle();
const finance = demo.departments.find((d) => d.id === "finance");
const partnerships = demo.departments.find((d) => d.id === "partnerships");

const financeValues = {
  name: "Elif Şahin",
  email: "elif.sahin@example.edu.tr",
  phone: "0532 123 45 67",
  phoneCountry: "TR",
  organization: "Ankara Üniversitesi",
  financeTopic: "invoice",
  invoiceNumber: "MAP-2026-0142",
  message: "Faturanın kurum adına yeniden düzenlenmesini rica ederim.",
  consent: "on",
};

for (const database of testDatabases({ demo: true })) {
  describe(`submissions on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    let app: ReturnType<typeof createApiApp>;
    let notified = 0;
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      app.request("/api/submissions", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const count = async (table: "submission" | "outbox") =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      handle = await database.open();
      app = createApiApp(createContentService(handle.db, { onSubmission: () => notified++ }));
    });
    afterAll(() => handle.db.destroy());

    it("stores a submission with its e-mail to the department, once however often it is sent", async () => {
      const id = newSubmissionId();
      const first = await post({ id, form: "finance", locale: "tr", values: financeValues });
      expect(first.status).toBe(201);
      expect(await first.json()).toEqual({ id, reference: referenceOf(id) });
      const again = await post({ id, form: "finance", locale: "tr", values: financeValues });
      expect(again.status).toBe(200);
      expect(notified).toBe(1);

      const stored = await handle.db.selectFrom("submission").selectAll().where("id", "=", id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ form: "finance", locale: "tr", departmentId: "finance", name: "Elif Şahin", phone: "+905321234567" });
      expect(JSON.parse(stored[0].fields)).toMatchObject({ invoiceNumber: "MAP-2026-0142", financeTopic: "invoice", consent: "on" });

      const mail = await handle.db.selectFrom("outbox").selectAll().where("submissionId", "=", id).executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ recipient: finance?.email, replyTo: "elif.sahin@example.edu.tr", deliveredAt: null, attempts: 0 });
      expect(mail.subject).toBe("[Meridian] Mali işler sorusu: Elif Şahin");
      expect(mail.body).toContain(`Başvuru numarası: ${referenceOf(id)}`);
      expect(mail.body).toContain("Konu nedir?: Bir fatura");
      expect(mail.body).toContain("Telefon: +905321234567");
      expect(mail.body.trimEnd().endsWith(financeValues.message)).toBe(true);
    });

    it("names the chosen services by their titles in the e-mail", async () => {
      const id = newSubmissionId();
      const services = demo.services.slice(0, 2);
      const response = await post({
        id,
        form: "quote",
        locale: "en",
        values: {
          name: "Jane Doe",
          email: "jane@example.org",
          phone: "",
          phoneCountry: "TR",
          organization: "Society of Example Studies",
          services: services.map((s) => s.id),
          timeline: "flexible",
          message: "We would like a quote for hosting our journal.",
          consent: "on",
        },
      });
      expect(response.status).toBe(201);
      const mail = await handle.db.selectFrom("outbox").selectAll().where("submissionId", "=", id).executeTakeFirstOrThrow();
      expect(mail.recipient).toBe(partnerships?.email);
      expect(mail.body).toContain(`Services you are interested in: ${services.map((s) => s.en.title).join(", ")}`);
      expect(mail.body).not.toContain("Phone:");
    });

    it("refuses invalid values field by field, in the submission's language, and stores nothing", async () => {
      const before = await count("submission");
      const response = await post({
        id: newSubmissionId(),
        form: "finance",
        locale: "tr",
        values: { ...financeValues, email: "not-an-address", phone: "0532 12", financeTopic: "bribe", consent: "" },
      });
      expect(response.status).toBe(422);
      const body = (await response.json()) as ApiError;
      expect(body.error).toBe("invalid");
      expect(body.message).toMatch(/^Gönderim geçerli değil/);
      expect(body.fields).toEqual({ email: "email", phone: "phoneInvalid", financeTopic: "choose", consent: "consent" });
      expect(await count("submission")).toBe(before);
      expect(await count("outbox")).toBe(before);
    });

    it("refuses a malformed or oversized body with a 4xx, never a 500", async () => {
      for (const body of ["{not json", JSON.stringify({ id: "x", form: "finance", locale: "tr", values: {} }), JSON.stringify({ form: "spam" })]) {
        const response = await post(body, { "Accept-Language": "tr" });
        expect(response.status).toBe(400);
        expect(((await response.json()) as ApiError).message).toBe("İstek gövdesi geçerli bir gönderim değil.");
      }
      const huge = await post({ id: newSubmissionId(), form: "contact", locale: "en", values: { message: "x".repeat(SUBMISSION_MAX_BYTES) } });
      expect(huge.status).toBe(413);
    });
  });
}
