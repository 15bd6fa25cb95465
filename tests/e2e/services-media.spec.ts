import { expect, test } from "./fixtures/test";
import { holdIsland, hydrated, islandOf } from "./fixtures/islands";
import { servicePaths } from "./services-helpers";

test.describe("demo recording on the AI voice callers page", () => {
  test("loads nothing until Play, then plays and pauses the call with its elapsed time", async ({ page }) => {
    const audioRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/audio/")) audioRequests.push(new URL(request.url()).pathname);
    });
    await page.goto("/services/ai-voice-callers");
    const play = page.getByRole("button", { name: "Play Demo Recording" });
    await play.scrollIntoViewIfNeeded();
    await hydrated(play);
    const progress = page.getByRole("progressbar", { name: "Demo recording progress" });
    await expect(progress).toHaveAttribute("aria-valuetext", "0 seconds of the recording");
    expect(audioRequests).toEqual([]);

    await play.click();
    const pause = page.getByRole("button", { name: "Pause Demo Recording" });
    await expect(pause).toBeVisible();
    expect(new Set(audioRequests)).toEqual(new Set(["/audio/voice-agent-demo.opus"]));
    // The real recording: two voices, under 60 s; the total shows once its length is known.
    await expect(page.getByText(/^0:\d\d \/ 0:[2-5]\d$/)).toBeVisible();
    const total = Number(await progress.getAttribute("aria-valuemax"));
    expect(total).toBeGreaterThan(20);
    expect(total).toBeLessThan(60);
    // Playback runs on the real audio clock, so wait until at least a second has played, then pause
    // and read the player once (a busy machine can skip past any one second, so no exact second is awaited).
    const position = async () => Number(await progress.getAttribute("aria-valuenow"));
    await expect.poll(position, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    // The label follows the audio element's own pause and play events; resuming goes on from where it paused.
    await pause.click();
    await expect(play).toBeVisible();
    // One reading of the player's render: the visible time and the bar's value and text agree.
    const paused = await progress.evaluate((bar) => ({
      now: Number(bar.getAttribute("aria-valuenow")),
      text: bar.getAttribute("aria-valuetext"),
      elapsed: document.querySelector('[data-testid="elapsed"]')?.textContent,
    }));
    expect(paused.now).toBeGreaterThanOrEqual(1);
    expect(paused.now).toBeLessThan(total);
    expect(paused.elapsed).toBe(`0:${String(paused.now).padStart(2, "0")}`);
    expect(paused.text).toMatch(new RegExp(`^${paused.now} seconds? of [2-5]\\d seconds$`));
    await play.click();
    await expect(pause).toBeVisible();
    await expect(page.getByTestId("elapsed")).not.toHaveText("0:00");
    expect(await position()).toBeGreaterThanOrEqual(paused.now);
    expect(new Set(audioRequests)).toEqual(new Set(["/audio/voice-agent-demo.opus"]));
  });

  // Real timers: the player's JavaScript is held back until the press has happened, as on a slow connection.
  test("a press on Play before the player is live starts the recording once it is", async ({ page }) => {
    const island = await holdIsland(page, "DemoRecording");
    await page.goto("/services/ai-voice-callers");
    const play = page.getByRole("button", { name: "Play Demo Recording" });
    await play.click();
    await expect(islandOf(play)).toHaveAttribute("ssr");
    island.release();
    await hydrated(page, "DemoRecording");
    const pause = page.getByRole("button", { name: "Pause Demo Recording" });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(play).toBeVisible();
  });

  test("the transcript says every word of the call", async ({ page }) => {
    await page.goto("/services/ai-voice-callers");
    await page.getByText("Read the transcript").click();
    const transcript = page.getByRole("definition");
    await expect(transcript).toHaveCount(9);
    await expect(transcript.first()).toContainText("thank you for calling Harbour Meze in Paphos");
    await expect(page.getByRole("term").first()).toHaveText("AI agent");
    await expect(page.getByRole("term").nth(1)).toHaveText("Caller");
  });
});

test.describe("animated background", () => {
  // The backdrop is motion: seen as a visitor who has not asked for less of it (the config asks for less).
  test.use({ reducedMotion: "no-preference" });
  // One tab walks the six pages, each a step.
  test("each service page: two mirrored beams (7 s sway of 100 px, 1.5 s fade-in), 8 + 6 floating icons, a faint grid, hidden from assistive technology", async ({ page }) => {
    for (const path of servicePaths) {
      await test.step(`${path}: two mirrored beams (7 s sway of 100 px, 1.5 s fade-in), 8 + 6 floating icons, a faint grid, hidden from assistive technology`, async () => {
        await page.goto(path);
        const backdrop = page.getByTestId("service-backdrop");
        await expect(backdrop).toHaveAttribute("aria-hidden", "true");
        await expect(backdrop.locator("[data-side=left] li")).toHaveCount(8);
        await expect(backdrop.locator("[data-side=right] li")).toHaveCount(6);
        const beams = backdrop.locator("[data-beam]");
        await expect(beams).toHaveCount(2);
        for (const beam of await beams.all()) {
          await expect(beam).toHaveCSS("animation-name", "svc-beam-fade, svc-beam-sway");
          await expect(beam).toHaveCSS("animation-duration", "1.5s, 7s");
          await expect(beam).toHaveCSS("animation-iteration-count", "1, infinite");
          await expect(beam).toHaveCSS("--beam-sway", "100px");
        }
        await expect(backdrop.locator(".mirrored")).toHaveCSS("transform", "matrix(-1, 0, 0, 1, 0, 0)");
        // The faint square grid behind it all (the site's grid-backdrop).
        await expect(page.locator("body")).toHaveCSS("background-size", "48px 48px, 48px 48px");
        // Pure CSS: nothing of the backdrop is a script or an island.
        await expect(backdrop.locator("script, astro-island")).toHaveCount(0);
      });
    }
  });

  test.describe("with prefers-reduced-motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("beams and icons stand still, the beams fully shown", async ({ page }) => {
      await page.goto("/services/ai-workflows");
      const backdrop = page.getByTestId("service-backdrop");
      const beams = backdrop.locator("[data-beam]");
      await expect(beams).toHaveCount(2);
      for (const beam of await beams.all()) {
        await expect(beam).toHaveCSS("animation-name", "none");
        await expect(beam).toHaveCSS("opacity", "1");
      }
      await expect(backdrop.locator(".float-icon").first()).toHaveCSS("animation-name", "none");
    });
  });
});
