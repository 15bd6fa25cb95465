import { describe, expect, it, vi } from "vitest";
import { ITERATION_RANGE, PBKDF2_ITERATIONS, decoyHash, hashPassword, parsePasswordHash, verifyPassword, type PasswordHash } from "./password";

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
    expect(parsePasswordHash({ algorithm: "PBKDF2-SHA-256", iterations: 600_000, salt: "YQ==", hash: "Yg==" })).not.toBeNull();
    expect(parsePasswordHash({ algorithm: "plain", iterations: 600_000, salt: "YQ==", hash: "Yg==" })).toBeNull();
    expect(parsePasswordHash({ algorithm: "PBKDF2-SHA-256", iterations: 600_000, salt: "not base64!", hash: "Yg==" })).toBeNull();
    expect(parsePasswordHash("secret")).toBeNull();
  });

  it.each([0, 1, 999, 1_200_001, 1e12, Number.MAX_SAFE_INTEGER + 2, 1.5, -600_000, Number.NaN, Infinity, "600000"])(
    "are refused, not run, with the out-of-range iteration count %s",
    async (iterations) => {
      const stored = { ...(await hashPassword("secret1", 1_000)), iterations } as PasswordHash;
      expect(parsePasswordHash(stored)).toBeNull();
      const derive = vi.spyOn(crypto.subtle, "deriveBits");
      await expect(verifyPassword("secret1", stored)).resolves.toBe(false);
      expect(derive).not.toHaveBeenCalled();
      derive.mockRestore();
    },
  );

  it("accept the iteration counts at both ends of the range", () => {
    expect(ITERATION_RANGE).toEqual({ min: 1_000, max: 1_200_000 });
    for (const iterations of [ITERATION_RANGE.min, PBKDF2_ITERATIONS, ITERATION_RANGE.max]) {
      expect(parsePasswordHash({ algorithm: "PBKDF2-SHA-256", iterations, salt: "YQ==", hash: "Yg==" })).not.toBeNull();
    }
  });

  it("a decoy hash costs the same rounds and matches no password", async () => {
    const decoy = decoyHash(1_000);
    expect(parsePasswordHash(decoy)).toEqual(decoy);
    expect(decoy.iterations).toBe(1_000);
    await expect(verifyPassword("", decoy)).resolves.toBe(false);
  });
});
