// Builds the three sites the end-to-end tests run against (see tests/e2e/fixtures/sites.ts):
// dist-test/bare with no environment, dist-test/full pointed at the local fake services, and
// dist-test/assistant with only the fake model (PUBLIC_ASSISTANT_URL).
import { spawnSync } from "node:child_process";

const { BARE, allEnvNames, assistantEnv, buildDirs, fullEnv } = await import("../tests/e2e/fixtures/sites.ts");

function build(outDir, extraEnv) {
  const env = { ...process.env };
  for (const name of allEnvNames) delete env[name];
  Object.assign(env, extraEnv);
  console.log(`[build-test-sites] astro build --outDir ${outDir}`);
  const result = spawnSync("astro", ["build", "--outDir", outDir], { env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

build(buildDirs.bare, { SITE_URL: BARE });
build(buildDirs.full, fullEnv);
build(buildDirs.assistant, assistantEnv);
