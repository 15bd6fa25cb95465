import type { AstroIntegration, AstroIntegrationLogger } from "astro";
import type { IncomingMessage, ServerResponse } from "node:http";
import { appendFile, mkdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { loadEnv } from "vite";
import { INBOX, INBOX_KINDS, inboxDir, summaryLine } from "../lib/devInbox/inbox";
import { fullFileReason, oversizeReason, parseInboxBody, requestRefusal, type InboxKind } from "../lib/devInbox/validate";
import { site } from "../site.config";

type Next = (error?: unknown) => void;

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

/** The body as text, or the reason it is refused; stops reading once it passes INBOX_BODY_LIMIT. */
function readBody(req: IncomingMessage): Promise<{ text: string } | { reason: string }> {
  return new Promise((done, fail) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    const early = oversizeReason(declared);
    if (early) {
      req.resume();
      done({ reason: early });
      return;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      const reason = oversizeReason(bytes);
      if (!reason) {
        chunks.push(chunk);
        return;
      }
      // Answer now and let the rest drain unread: a chunked body has no length to check up front.
      req.off("data", onData);
      req.resume();
      done({ reason });
    };
    req.on("data", onData);
    req.on("end", () => done({ text: Buffer.concat(chunks).toString("utf8") }));
    req.on("error", fail);
  });
}

/** The size of a file in bytes; 0 before it exists. */
async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}

/** The one value of a request header (Node gives a list for a repeated one). */
const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

/** The accepted messages of one file, oldest first; none before the first arrives. */
async function readInbox(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new Error(`Line ${index + 1} of ${file} is not JSON.`);
      }
    });
}

/** Answers GET (the list) and POST (validate, append one JSON line, log) on the routes of the open kinds. */
function inboxMiddleware(dir: string, kinds: InboxKind[], logger: AstroIntegrationLogger, shown: (file: string) => string) {
  const byRoute = new Map(kinds.map((kind) => [INBOX[kind].route as string, kind]));
  return async (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const kind = byRoute.get(new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/$/, ""));
    if (!kind) return next();
    const file = join(dir, INBOX[kind].file);
    try {
      const refusal = requestRefusal({
        method: req.method ?? "GET",
        contentType: header(req, "content-type"),
        origin: header(req, "origin"),
        host: header(req, "host"),
        fetchSite: header(req, "sec-fetch-site"),
      });
      if (refusal) {
        // Another website's request (or a form post) is answered unread.
        req.resume();
        logger.warn(`${req.method ?? "?"} ${INBOX[kind].route} refused (${refusal.status}): ${refusal.reason}`);
        return reply(res, refusal.status, { error: refusal.reason }, { connection: "close" });
      }
      if (req.method === "GET" || req.method === "HEAD") return reply(res, 200, await readInbox(file));
      if (req.method !== "POST") return reply(res, 405, { error: "Use GET to list or POST to send." }, { allow: "GET, HEAD, POST" });
      const body = await readBody(req);
      const parsed = "text" in body ? parseInboxBody(kind, body.text, site.booking) : { ok: false as const, reason: body.reason };
      if (!parsed.ok) return reply(res, 400, { error: parsed.reason }, "reason" in body ? { connection: "close" } : {});
      const line = `${JSON.stringify(parsed.record)}\n`;
      const full = fullFileReason(shown(file), await sizeOf(file), Buffer.byteLength(line));
      if (full) {
        logger.warn(full);
        return reply(res, 507, { error: full });
      }
      await mkdir(dir, { recursive: true });
      await appendFile(file, line, "utf8");
      logger.info(`${summaryLine(kind, parsed.record)} -> ${shown(file)}`);
      return reply(res, 200, { ok: true, file: shown(file) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error(`${req.method ?? "?"} ${INBOX[kind].route} failed: ${message}`);
      return reply(res, 500, { error: message });
    }
  };
}

/**
 * The development inbox: under `astro dev` only, for each webhook that is not configured, the dev server
 * takes the messages in at a local route and appends them to `.inbox/` (see src/lib/devInbox/inbox.ts).
 * A build never runs this hook, so no inbox code or route reaches the built site.
 */
export default function devInbox(): AstroIntegration {
  return {
    name: "dev-inbox",
    hooks: {
      "astro:server:setup": ({ server, logger }) => {
        const { root, mode, envDir } = server.config;
        // Read the variables the way astro:env does, so the inbox opens exactly where the pages fall back to it.
        const env = loadEnv(mode, typeof envDir === "string" ? envDir : root, "");
        const kinds = INBOX_KINDS.filter((kind) => !env[INBOX[kind].webhookVar]);
        if (kinds.length === 0) return;
        const dir = resolve(root, inboxDir(process.env));
        const shown = (file: string) => (file.startsWith(root) ? relative(root, file) : file);
        server.middlewares.use(inboxMiddleware(dir, kinds, logger, shown));
        for (const kind of kinds) {
          const { label, route, file, webhookVar } = INBOX[kind];
          logger.info(`${webhookVar} is unset: ${label} go to the local inbox, ${shown(join(dir, file))} (POST or GET ${route})`);
        }
      },
    },
  };
}
