import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts", "supabase/functions/**/*.test.ts"],
    environment: "node",
    restoreMocks: true,
  },
});
