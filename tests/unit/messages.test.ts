import { describe, expect, it } from "vitest";
import ca from "@/messages/ca.json" with { type: "json" };
import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };

const flatten = (value: unknown, prefix = ""): Record<string, string> =>
  Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>((all, [key, v]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return typeof v === "object" && v !== null ? { ...all, ...flatten(v, name) } : { ...all, [name]: String(v) };
  }, {});

describe("messages", () => {
  const english = flatten(en);

  it.each([
    ["es", es],
    ["ca", ca],
  ])("%s has exactly the keys of en, none empty", (_, messages) => {
    const translated = flatten(messages);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(translated)) expect(text.trim(), key).not.toBe("");
  });

  it("tells a repair that was sent from a quote that was sent, in every language but English", () => {
    for (const messages of [es, ca]) expect(messages.statuses.sent).not.toBe(messages.quoteStatuses.sent);
  });

  it("reads as a native speaker flagged it", () => {
    expect(ca.repair.actions.markReady).toBe("Marca-la com a llesta");
    expect([es.repair.setQuote, ca.repair.setQuote]).toEqual(["Añadir presupuesto", "Afegeix un pressupost"]);
    expect([es.exportPage.selectNone, ca.exportPage.selectNone]).toEqual(["Deseleccionar todo", "Desmarca-ho tot"]);
    expect(es.exportPage.statuses).toContain("si no marcas ninguno, se incluyen todos");
    expect(ca.exportPage.endDate).toContain("Data final");
    expect(ca.common.loading).toBe("S'està carregant…");
    expect(ca.disable2fa.warning).toContain("qualsevol persona que tingui la teva contrasenya");
    expect([es.repair.timeline, ca.repair.timeline]).toEqual(["Fechas", "Dates"]);
    expect(en.repair.deleteConfirm).toMatch(/^Delete repair \{number\} for \{customer\}\?/);
  });

  it("keeps the spec's English texts word for word", () => {
    expect(en.errors.emailRequired).toBe("Email is required");
    expect(en.errors.emailInvalid).toBe("Invalid email format");
    expect(en.errors.emailTooLong).toBe("Email is too long");
    expect(en.errors.passwordTooShort).toBe("Password must be at least 12 characters long");
    expect(en.errors.passwordUppercase).toBe("Password must contain at least one uppercase letter");
    expect(en.errors.passwordsDoNotMatch).toBe("Passwords do not match");
    expect(en.login.failed).toBe("Login failed. Please try again.");
  });
});
