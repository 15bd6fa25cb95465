import { expect, test } from "./fixtures/test";
import { openDash, signInAs } from "./fixtures/dash";

test("a seeded demo user opens the workspace directly: one banner, one sidebar, one main", async ({ page, context }) => {
  await signInAs(context);
  await openDash(page, "/dash/cases", "Cases");
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("complementary", { name: "Workspace" })).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("banner")).toHaveCount(0);
  await expect(page).toHaveTitle("Cases | Paphos AI");
});
