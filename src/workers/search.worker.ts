/// <reference lib="webworker" />
// The search worker: one user's full-text index of document pages and knowledge items (src/lib/search), kept in
// IndexedDB, so indexing, saving and searching never hold up the page. Its calls arrive through comlink.
import { expose } from "comlink";
import { createSearchWorkerApi } from "../lib/search/worker/workerApi";

expose(createSearchWorkerApi());
