import { expect, test } from "./fixtures/test";

// The bare build has no PUBLIC_BOOKING_WEBHOOK_URL: the page says so up front.

test("without a booking webhook /book says online booking is unavailable and offers the e-mail instead", async ({ page }) => {
  await page.goto("/book");
  await expect(page.getByRole("heading", { level: 1, name: "Book a Free Discovery Call" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Online booking is unavailable right now" })).toBeVisible();
  await expect(page.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
  await expect(page.getByRole("grid")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Confirm Booking/ })).toHaveCount(0);
});

test("/book has a Return Home link and metadata promising a free 20-minute call", async ({ page }) => {
  await page.goto("/book");
  await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle("Book a Free Discovery Call | Paphos AI");
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveAttribute("content", /^Book a free 20-minute discovery call with Paphos AI/);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /20-minute/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/book$/);
  await expect(page.getByText(/free 20-minute call/)).toBeVisible();
  await page.getByRole("link", { name: "Return Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
