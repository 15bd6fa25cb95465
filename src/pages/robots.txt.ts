import type { APIRoute } from "astro";

/** Pages kept out of search engines: the sign-in form, the workspace and its redirect. */
export const PRIVATE_PATHS = ["/dash", "/dashboard", "/login"] as const;

/** robots.txt, with the sitemap's absolute URL on this build's origin. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap-index.xml", site).href;
  const lines = ["User-agent: *", "Allow: /", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${sitemap}`];
  return new Response(`${lines.join("\n")}\n`, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
