import type { ChatMessage } from "../dash/chat";
import type { Case } from "../dash/cases";
import type { SharedFields } from "../dash/shared";
import type { Conversation } from "../dash/conversations";
import type { KnowledgeItem } from "../dash/knowledge";
import type { Preferences } from "../dash/preferences";
import type { Upload } from "../dash/uploads";
import type { Review, ReviewCell } from "../review/review";
import type { Row, RowKey } from "./outbox";

/**
 * How one workspace feature's records are rows of a table (supabase/migrations/20250301000000_workspace.sql): the
 * records as rows, and rows back as the records' shape, which the feature's own parse then validates. owner_id is
 * the server's (auth.uid()); created_at is its own. A row that names updated_at carries the record's own time of
 * change (a conversation's updatedAt); the others get the time of the edit when they are queued.
 */
export interface TableMapping {
  /** The feature's name (FeatureDefinition.name). */
  feature: string;
  table: string;
  /** The columns that name a row, owner_id aside. */
  key: readonly string[];
  /**
   * A table the firm shares (20251129000000_firms.sql): a colleague's row comes with its owner_id (the reader leaves
   * it out of the user's own rows), which then also names the row (keyOf) and goes back with every change of it.
   */
  shared?: true;
  toRows(value: unknown): Row[];
  fromRows(rows: readonly Row[]): unknown;
}

/** The parent tables first: a batch inserts a conversation before its messages, a document before its pages, a review before its cells. */
export const TABLE_ORDER = [
  "preferences",
  "conversations",
  "knowledge_items",
  "cases",
  "documents",
  "reviews",
  "messages",
  "document_pages",
  "review_cells",
] as const;

/** A timestamp column as the app keeps instants: ISO 8601 in UTC ("2026-04-14T15:00:00.000Z"). */
const iso = (value: unknown): string | undefined => (typeof value === "string" ? new Date(value).toISOString() : undefined);
/** Leaves out the keys whose value is undefined (an optional field the record does not have). */
const defined = <T extends Record<string, unknown>>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;

/** A sharded feature's records (a Map of parent id to its list) as rows, each naming its parent in `parent`. */
const shardRows = <T>(value: unknown, parent: string, toRow: (record: T) => Row): Row[] =>
  [...(value as ReadonlyMap<string, T[]>)].flatMap(([id, list]) => list.map((record) => ({ [parent]: id, ...toRow(record) })));

/** Rows back as a sharded feature's records: grouped by their `parent` column, each list in the order `order` sorts. */
function shardsOf(rows: readonly Row[], parent: string, order: (row: Row) => string, toRecord: (row: Row) => unknown): Map<string, unknown[]> {
  const shards = new Map<string, unknown[]>();
  for (const row of [...rows].sort((a, b) => order(a).localeCompare(order(b)))) {
    const id = String(row[parent]);
    const list = shards.get(id) ?? [];
    list.push(toRecord(row));
    shards.set(id, list);
  }
  return shards;
}

/** A colleague's row of a table the firm shares: the reader names the owner of those only (the user's own come without). */
export const isColleagues = (row: Row): boolean => typeof row["owner_id"] === "string";

/** The key of a row: its key columns, and a colleague's row's owner_id. */
export function keyOf(mapping: TableMapping, row: Row): RowKey {
  const key: RowKey = Object.fromEntries(mapping.key.map((column) => [column, row[column] as string | number]));
  if (mapping.shared && typeof row["owner_id"] === "string") key["owner_id"] = row["owner_id"];
  return key;
}

/**
 * A shared table's rows without a colleague's copy of one of the user's own records (the same id): every user gets the
 * samples under the same ids, and the samples' Internal knowledge is the firm's. The user's own stands, whether the
 * server has it yet or it is still waiting to be sent (the rows here are the server's with the waiting edits over them).
 */
const withoutColleaguesTwins = (rows: readonly Row[]): readonly Row[] => {
  const own = new Set(rows.filter((row) => !isColleagues(row)).map((row) => row["id"]));
  return rows.filter((row) => !isColleagues(row) || !own.has(row["id"]));
};

/**
 * A shared record's columns of whose it is (only a colleague's record names its owner) and who changed it last: the
 * server stamps updated_by itself, so it is sent only to be compared (an edit here then reads back as the user's).
 */
const ownerColumns = (record: SharedFields): Row => ({
  ...(record.owner ? { owner_id: record.owner } : {}),
  ...(record.updatedBy ? { updated_by: record.updatedBy } : {}),
});
/** A shared row's fields of whose it is and who changed it last. */
const sharedFields = (row: Row): SharedFields =>
  defined({ owner: (row["owner_id"] as string | null) ?? undefined, updatedBy: (row["updated_by"] as string | null) ?? undefined });

const conversations: TableMapping = {
  feature: "conversations",
  table: "conversations",
  key: ["id"],
  toRows: (value) => (value as Conversation[]).map((c) => ({ id: c.id, title: c.title, pinned: c.pinned, updated_at: c.updatedAt })),
  fromRows: (rows) => rows.map((r) => ({ id: r["id"], title: r["title"], pinned: r["pinned"], updatedAt: iso(r["updated_at"]) })),
};

const messages: TableMapping = {
  feature: "messages",
  table: "messages",
  key: ["conversation_id", "id"],
  toRows: (value) =>
    shardRows<ChatMessage>(value, "conversation_id", (m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      scope: m.scope,
      citations: m.citations ?? null,
      context: m.context ?? null,
      offer_scope: m.offerScope ?? null,
      compare: m.compare ?? null,
      sent_at: m.timestamp,
    })),
  fromRows: (rows) =>
    shardsOf(
      rows,
      "conversation_id",
      (r) => String(iso(r["sent_at"])),
      (r) =>
        defined({
          id: r["id"],
          role: r["role"],
          content: r["content"],
          timestamp: iso(r["sent_at"]),
          scope: r["scope"],
          citations: r["citations"] ?? undefined,
          context: r["context"] ?? undefined,
          offerScope: r["offer_scope"] ?? undefined,
          compare: r["compare"] ?? undefined,
        }),
    ),
};

const knowledge: TableMapping = {
  feature: "knowledge",
  table: "knowledge_items",
  key: ["id"],
  shared: true,
  toRows: (value) =>
    (value as KnowledgeItem[]).map((k) => ({
      ...ownerColumns(k),
      id: k.id,
      title: k.title,
      type: k.type,
      description: k.description,
      last_updated: k.lastUpdated,
      source: k.source,
      text: k.text ?? null,
    })),
  fromRows: (rows) =>
    withoutColleaguesTwins(rows).map((r) =>
      defined({
        ...sharedFields(r),
        id: r["id"],
        title: r["title"],
        type: r["type"],
        description: r["description"],
        lastUpdated: r["last_updated"],
        source: r["source"],
        text: r["text"] ?? undefined,
      }),
    ),
};

const cases: TableMapping = {
  feature: "cases",
  table: "cases",
  key: ["id"],
  shared: true,
  toRows: (value) =>
    (value as Case[]).map((c) =>
      defined({
        ...ownerColumns(c),
        id: c.id,
        title: c.title,
        docket_no: c.docketNo,
        jurisdiction: c.jurisdiction,
        status: c.status,
        updated_on: c.updated,
        members: c.members,
        sharing: c.sharing,
      }),
    ),
  fromRows: (rows) =>
    withoutColleaguesTwins(rows).map((r) =>
      defined({
        ...sharedFields(r),
        id: r["id"],
        title: r["title"],
        docketNo: r["docket_no"],
        jurisdiction: r["jurisdiction"],
        status: r["status"],
        updated: r["updated_on"],
        members: r["members"],
        // Walled to its members is the server's default for a case row that does not say: read back as not saying.
        sharing: r["sharing"] === "firm" ? "firm" : undefined,
      }),
    ),
};

const documents: TableMapping = {
  feature: "uploads",
  table: "documents",
  key: ["id"],
  shared: true,
  toRows: (value) =>
    (value as Upload[]).map((u) => ({
      ...ownerColumns(u),
      ...(u.caseOwner ? { case_owner_id: u.caseOwner } : {}),
      id: u.id,
      title: u.title,
      file_name: u.filename,
      kind: u.kind,
      case_id: u.caseId,
      case_title: u.caseTitle,
      size_bytes: u.sizeBytes,
      page_count: u.pages,
      unit: u.unit,
      ocr_pages: u.ocrPages,
      uploaded_at: u.uploaded,
      sample: u.sample ?? null,
      storage_path: u.storagePath ?? null,
      sha256: u.sha256 ?? null,
      attempt: u.processing.attempt,
      status: u.processing.state,
      started_at: u.processing.started,
      read_at: u.processing.readAt ?? null,
      done_at: u.processing.doneAt ?? null,
      failed_at: u.processing.failedAt ?? null,
      failure_reason: u.processing.reason ?? null,
      reads: u.processing.reads ?? 0,
      version_of: u.versionOf ?? null,
      version: u.version ?? null,
    })),
  fromRows: (rows) =>
    withoutColleaguesTwins(rows).map((r) =>
      defined({
        ...sharedFields(r),
        caseOwner: (r["case_owner_id"] as string | null) ?? undefined,
        id: r["id"],
        title: r["title"],
        filename: r["file_name"],
        kind: r["kind"],
        caseId: r["case_id"],
        caseTitle: r["case_title"],
        sizeBytes: Number(r["size_bytes"]),
        pages: r["page_count"],
        unit: r["unit"],
        ocrPages: r["ocr_pages"],
        uploaded: iso(r["uploaded_at"]),
        sample: r["sample"] ?? undefined,
        storagePath: r["storage_path"] ?? undefined,
        sha256: r["sha256"] ?? undefined,
        versionOf: r["version_of"] ?? undefined,
        version: r["version"] ?? undefined,
        processing: defined({
          attempt: r["attempt"],
          state: r["status"],
          started: iso(r["started_at"]),
          readAt: iso(r["read_at"]),
          doneAt: iso(r["done_at"]),
          failedAt: iso(r["failed_at"]),
          reason: r["failure_reason"] ?? undefined,
          reads: r["reads"],
        }),
      }),
    ),
};

/** A review (supabase/migrations/20251128000000_reviews.sql): its rows and questions as jsonb, its own createdAt kept as created_at. */
const reviews: TableMapping = {
  feature: "reviews",
  table: "reviews",
  key: ["id"],
  toRows: (value) =>
    (value as Review[]).map((r) => ({ id: r.id, title: r.title, documents: r.documents, columns: r.columns, created_at: r.createdAt, updated_at: r.updatedAt })),
  fromRows: (rows) =>
    rows.map((r) => ({ id: r["id"], title: r["title"], documents: r["documents"], columns: r["columns"], createdAt: iso(r["created_at"]), updatedAt: iso(r["updated_at"]) })),
};

/** A review's cells, one record per review (like messages by conversation): a cell is a row keyed by its document and question. */
const reviewCells: TableMapping = {
  feature: "reviewCells",
  table: "review_cells",
  key: ["review_id", "doc_id", "column_id"],
  toRows: (value) =>
    shardRows<ReviewCell>(value, "review_id", (c) => ({
      doc_id: c.docId,
      column_id: c.columnId,
      question: c.question,
      doc_version: c.docVersion,
      status: c.status,
      quote: c.quote ?? null,
      answer: c.answer ?? null,
      mark: c.mark ?? null,
      note: c.note ?? null,
      lost: c.lost ?? null,
      answered_at: c.answeredAt,
    })),
  // The server keeps no order: the cells come back by when they were answered, then by document and question.
  fromRows: (rows) =>
    shardsOf(
      rows,
      "review_id",
      (r) => `${String(iso(r["answered_at"]))} ${String(r["doc_id"])} ${String(r["column_id"])}`,
      (r) =>
        defined({
          docId: r["doc_id"],
          columnId: r["column_id"],
          question: r["question"],
          docVersion: r["doc_version"],
          status: r["status"],
          quote: r["quote"] ?? undefined,
          answer: r["answer"] ?? undefined,
          mark: r["mark"] ?? undefined,
          note: r["note"] ?? undefined,
          lost: r["lost"] ?? undefined,
          answeredAt: iso(r["answered_at"]),
        }),
    ),
};

/** One row per user: its key is the owner alone, so two features can each write their own columns of it. */
const preferences: TableMapping = {
  feature: "preferences",
  table: "preferences",
  key: [],
  toRows: (value) => {
    const p = value as Preferences;
    return [
      {
        default_scope: p.defaultScope,
        compact_mode: p.compactMode,
        notify_email: p.notifications.email,
        notify_desktop: p.notifications.desktop,
        notify_mobile: p.notifications.mobile,
      },
    ];
  },
  fromRows: (rows) => {
    const r = rows[0];
    if (!r) return null;
    return {
      defaultScope: r["default_scope"],
      compactMode: r["compact_mode"],
      notifications: { email: r["notify_email"], desktop: r["notify_desktop"], mobile: r["notify_mobile"] },
    };
  },
};

const layout: TableMapping = {
  feature: "layout",
  table: "preferences",
  key: [],
  toRows: (value) => [{ sidebar_collapsed: (value as { sidebarCollapsed: boolean }).sidebarCollapsed }],
  fromRows: (rows) => (rows[0] ? { sidebarCollapsed: rows[0]["sidebar_collapsed"] } : null),
};

/** Every synced feature. Replies in flight (pendingReplies) stay in the browser that is writing them. */
export const TABLE_MAPPINGS: readonly TableMapping[] = [conversations, messages, knowledge, cases, documents, preferences, layout, reviews, reviewCells];

/** The tables a workspace reads when it opens: each once, in parallel. */
export const SYNCED_TABLES: readonly string[] = [...new Set(TABLE_MAPPINGS.map((m) => m.table))];
