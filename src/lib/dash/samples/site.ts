import { fetchWithTimeout } from "../../http";
import { parseSamplePages, SAMPLE_PAGES_PATH, type SamplePages } from "./pages";

/** How long fetching a sample's file (or the samples' pages) from this site may take. */
const SAMPLE_FETCH_TIMEOUT_MS = 30_000;

/** A file of this site, or why not. */
async function fetchFromSite(path: string): Promise<Response> {
  const response = await fetchWithTimeout(SAMPLE_FETCH_TIMEOUT_MS)(path);
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
  return response;
}

/** The sample documents already read, from this site; rejects when it cannot send them or they are not what we wrote. */
export async function fetchSamplePages(): Promise<SamplePages> {
  const pages = parseSamplePages(await (await fetchFromSite(SAMPLE_PAGES_PATH)).json());
  if (!pages) throw new Error(`${SAMPLE_PAGES_PATH} is not the samples' pages`);
  return pages;
}

/** A sample document's file from this site (the viewer draws it). */
export const fetchSampleFile = async (path: string): Promise<ArrayBuffer> => (await fetchFromSite(path)).arrayBuffer();
