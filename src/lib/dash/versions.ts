import { isRecordId } from "./parse";

/**
 * Versions of a document (issue 45): an upload sent as "a new version" of another names the document it versions
 * (`versionOf`, the previous version's id) and its number (`version`, 2 and up). A document that no upload versions
 * and that versions none has no number; the first of a line of versions is v1. Each version is a document of its own
 * (its pages, original and citations); only the link is shared.
 */
export interface VersionLink {
  /** The previous version's id, when this document was uploaded as a new version of it. */
  versionOf?: string;
  /** This version's number (2 and up), with versionOf. */
  version?: number;
}

/** Where a document stands among its versions: its number and, from v2 on, the version before it. */
export interface DocumentVersion {
  version: number;
  previous?: string;
}

/** The link a new version of `previous` gets: the next number after the previous one's (v1 when it had none). */
export const nextVersion = (previous: { id: string } & VersionLink): Required<VersionLink> => ({
  versionOf: previous.id,
  version: (previous.version ?? 1) + 1,
});

/** The version of each document that has one: a new version's own number, and v1 for a document another versions. */
export function versionsOf(documents: readonly ({ id: string } & VersionLink)[]): Map<string, DocumentVersion> {
  const versions = new Map<string, DocumentVersion>();
  const links: { id: string; version: number | undefined; previous: string }[] = [];
  for (const d of documents) if (d.versionOf !== undefined) links.push({ id: d.id, version: d.version, previous: d.versionOf });
  // Most documents have no other version: the ids are gathered only when one does.
  if (links.length === 0) return versions;
  const ids = new Set(documents.map((d) => d.id));
  for (const { id, version, previous } of links) if (version !== undefined) versions.set(id, { version, previous });
  for (const { previous } of links) if (ids.has(previous) && !versions.has(previous)) versions.set(previous, { version: 1 });
  return versions;
}

/** Whether a stored record's link is sound: both fields or neither, an id and a whole number of 2 or more (records from before have neither). */
export const isVersionLink = (link: VersionLink): boolean =>
  link.versionOf === undefined && link.version === undefined
    ? true
    : isRecordId(link.versionOf) && typeof link.version === "number" && Number.isInteger(link.version) && link.version >= 2 && link.version <= 10_000;

/** "v2": the label on a card. */
export const versionLabel = (version: number): string => `v${String(version)}`;

/** Uploads with the next file read as a new version of document `id` ("Upload a new version"). */
export const newVersionHref = (id: string): string => `/dash/uploads?${new URLSearchParams({ version: id }).toString()}`;
