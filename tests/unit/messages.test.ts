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
