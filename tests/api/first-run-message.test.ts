import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetSettings } from "@/lib/env";
import { announceFirstRun } from "@/lib/setup/announce";
import { withTestDatabase } from "../helpers/test-database";

// The first-run message names the operator command the way the operator runs
// it: in a shell, or through `docker compose exec app` in the compose file.

withTestDatabase();

afterEach(() => {
  delete process.env.OPERATOR_COMMAND_PREFIX;
  forgetSettings();
  vi.restoreAllMocks();
});

async function message(): Promise<string> {
  const printed: string[] = [];
  vi.spyOn(console, "log").mockImplementation((text: string) => void printed.push(text));
  await announceFirstRun();
  return printed.join("\n");
}

describe("the first-run message", () => {
  it("gives the setup link and the command as typed in a shell", async () => {
    const text = await message();
    expect(text).toMatch(/\/setup\?token=[\w-]+/);
    expect(text).toContain("  - or from a shell: npm run shop:create -- --shop");
  });

  it("gives the command through the container where the compose file says so", async () => {
    process.env.OPERATOR_COMMAND_PREFIX = "docker compose exec app";
    forgetSettings();
    expect(await message()).toContain(
      "  - or from a shell on the host: docker compose exec app npm run shop:create -- --shop",
    );
  });
});
