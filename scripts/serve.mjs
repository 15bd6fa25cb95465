// Serves a built site on 127.0.0.1 the way a CDN would: clean URLs, gzip, the headers of its _headers
// file, the 301s of its _redirects file (and its 200/404 rewrites where no file answers), and 404.html for a missing page.
//   node scripts/serve.mjs --dir dist --port 4321
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { headersFor, parseHeadersFile } from "../src/lib/security/policy.ts";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".mp3": "audio/mpeg",
  ".opus": "audio/ogg",
  ".ics": "text/calendar",
};
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".xml", ".txt", ".svg", ".ics"]);

/** The file a clean URL names, or undefined: /contact and /contact/ are contact/index.html. */
function fileFor(root, pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  for (const candidate of [join(root, clean), join(root, clean, "index.html"), join(root, `${clean}.html`)]) {
    if (candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Reads `from to status` lines of a _redirects file (exact paths and a trailing /* splat). */
function readRedirects(root) {
  const file = join(root, "_redirects");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length >= 2 && parts[0]?.startsWith("/"))
    .map(([from, to, status]) => ({ from, to, status: Number(status ?? 301) }));
}

function redirectFor(redirects, pathname) {
  for (const { from, to, status } of redirects) {
    if (from.endsWith("/*") && pathname.startsWith(from.slice(0, -1))) {
      return { location: to.replace(":splat", pathname.slice(from.length - 1)), status };
    }
    if (pathname === from) return { location: to, status };
  }
  return undefined;
}

/** Starts the server; resolves once it listens. */
export async function serveStatic({ dir, port, host = "127.0.0.1" }) {
  const root = resolve(dir);
  const headerFile = join(root, "_headers");
  const rules = existsSync(headerFile) ? parseHeadersFile(readFileSync(headerFile, "utf8")) : [];
  const redirects = readRedirects(root);
  const gzipped = new Map();
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    const redirect = redirectFor(redirects, pathname);
    let file = fileFor(root, pathname);
    // A 200 or 404 rule is a rewrite, and like Netlify's it applies only where no file answers (shadowing).
    const rewrite = redirect && (redirect.status === 200 || redirect.status === 404) ? redirect : undefined;
    if (redirect && !rewrite) {
      res.writeHead(redirect.status, { ...headersFor(rules, pathname), Location: redirect.location }).end();
      return;
    }
    let status = 200;
    if (!file && rewrite) {
      file = fileFor(root, rewrite.location);
      status = rewrite.status;
    }
    if (!file) {
      file = join(root, "404.html");
      status = 404;
      if (!existsSync(file)) {
        res.writeHead(404, { ...headersFor(rules, pathname), "Content-Type": TYPES[".txt"] }).end("Not found\n");
        return;
      }
    }
    const ext = extname(file);
    const headers = { ...headersFor(rules, pathname), "Content-Type": TYPES[ext] ?? "application/octet-stream" };
    const wantsGzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    if (COMPRESSIBLE.has(ext) && wantsGzip) {
      let body = gzipped.get(file);
      if (!body) {
        body = gzipSync(readFileSync(file), { level: 9 });
        gzipped.set(file, body);
      }
      res.writeHead(status, { ...headers, "Content-Encoding": "gzip", Vary: "Accept-Encoding", "Content-Length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    // Byte ranges, as a CDN serves them: a media element reads an Ogg file's end to learn its duration.
    const size = statSync(file).size;
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ""));
    if (range && status === 200 && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start > end || start >= size) {
        res.writeHead(416, { ...headers, "Content-Range": `bytes */${size}` }).end();
        return;
      }
      res.writeHead(206, { ...headers, "Accept-Ranges": "bytes", "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": end - start + 1 });
      if (req.method === "HEAD") res.end();
      else createReadStream(file, { start, end }).pipe(res);
      return;
    }
    res.writeHead(status, { ...headers, "Accept-Ranges": "bytes", "Content-Length": size });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done());
  });
  return { url: `http://${host}:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const arg = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  const { url, close } = await serveStatic({ dir: arg("dir", "dist"), port: Number(arg("port", "4321")) });
  console.log(`[serve] ${arg("dir", "dist")} on ${url}`);
  // A test server stops by itself: when whoever started it is gone, or after an hour at most.
  const parent = process.ppid;
  const stop = () => void close().then(() => process.exit(0));
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop();
    }
  }, 2000).unref();
  setTimeout(stop, Number(arg("lifetime", "3600")) * 1000).unref();
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
