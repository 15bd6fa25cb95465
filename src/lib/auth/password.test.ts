import { describe, expect, it } from "vitest";
import { hashPassword, parsePasswordHash, verifyPassword } from "./password";

describe("PBKDF2 password hashes", () => {
  it("never keep the password and verify only the right one", async () => {
    const stored = await hashPassword("correct horse", 1_000);
    expect(JSON.stringify(stored)).not.toContain("correct horse");
    expect(stored).toMatchObject({ algorithm: "PBKDF2-SHA-256", iterations: 1_000 });
    await expect(verifyPassword("correct horse", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horsf", stored)).resolves.toBe(false);
  });

  it("salt every hash, so equal passwords give different hashes", async () => {
    const [a, b] = await Promise.all([hashPassword("same", 1_000), hashPassword("same", 1_000)]);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });

  it("are read back from storage only with the right shape", () => {
    expect(parsePasswordHash({ algorithm: "PBKDF2-SHA-256", iterations: 1, salt: "a", hash: "b" })).not.toBeNull();
    expect(parsePasswordHash({ algorithm: "plain", iterations: 1, salt: "a", hash: "b" })).toBeNull();
    expect(parsePasswordHash("secret")).toBeNull();
  });
});
