import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { listenBounded } from "../../../tests/fixtures/boundedServer";

/** What a fake service received. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The client went away before the answer ended. */
  closedEarly: boolean;
}

/** A small HTTP service on 127.0.0.1 at a free port, answering through `respond`; it closes itself after `lifetimeMs`. */
export async function startService(respond: (received: Received, res: ServerResponse) => void, lifetimeMs = 30_000) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString(), closedEarly: false };
      received.push(entry);
      res.on("close", () => void (entry.closedEarly = !res.writableFinished));
      respond(entry, res);
    });
  });
  return { ...(await listenBounded(server, 0, lifetimeMs)), received };
}
