import { describe, expect, it } from "vitest";
import { parseUploads, type Upload } from "./uploads";
import { isVersionLink, newVersionHref, nextVersion, versionLabel, versionsOf } from "./versions";

const at = "2026-11-28T09:00:00.000Z";
const upload = (id: string, link: Pick<Upload, "versionOf" | "version"> = {}): Upload => ({
  id, filename: `${id}.txt`, title: id, caseId: "c", caseTitle: "C", sizeBytes: 1, kind: "txt", pages: 1, unit: "page", ocrPages: 0, uploaded: at,
  processing: { attempt: "upload", started: at, state: "done", doneAt: at }, ...link,
});

describe("versions of a document", () => {
  it("numbers a new version after the one it versions: v2 of a document without one, v3 of a v2", () => {
    expect(nextVersion(upload("a"))).toEqual({ versionOf: "a", version: 2 });
    expect(nextVersion(upload("b", { versionOf: "a", version: 2 }))).toEqual({ versionOf: "b", version: 3 });
  });

  it.each([
    ["no versions", [upload("a"), upload("b")], []],
    ["v1 and v2", [upload("a"), upload("b", { versionOf: "a", version: 2 })], [["a", { version: 1 }], ["b", { version: 2, previous: "a" }]]],
    [
      "a line of three",
      [upload("c", { versionOf: "b", version: 3 }), upload("a"), upload("b", { versionOf: "a", version: 2 })],
      [["a", { version: 1 }], ["b", { version: 2, previous: "a" }], ["c", { version: 3, previous: "b" }]],
    ],
    ["a v2 whose v1 was deleted keeps its number", [upload("b", { versionOf: "a", version: 2 })], [["b", { version: 2, previous: "a" }]]],
  ] as const)("versionsOf: %s", (_, uploads, expected) => {
    expect([...versionsOf(uploads)].sort(([a], [b]) => a.localeCompare(b))).toEqual(expected);
  });

  it("keeps a stored record from before (no link) and a sound link, and refuses a broken one", () => {
    expect(isVersionLink({})).toBe(true);
    expect(parseUploads([upload("a"), upload("b", { versionOf: "a", version: 2 })])).toHaveLength(2);
    for (const link of [{ version: 2 }, { versionOf: "a" }, { versionOf: "a", version: 1 }, { versionOf: "a", version: 2.5 }, { versionOf: "a/b", version: 2 }] as const) {
      expect(isVersionLink(link)).toBe(false);
      expect(parseUploads([upload("x", link)])).toBeNull();
    }
  });

  it("labels and links: v2, and Uploads with the version to follow", () => {
    expect(versionLabel(2)).toBe("v2");
    expect(newVersionHref("doc 1")).toBe("/dash/uploads?version=doc+1");
  });
});
