-- The Review grid kept in the firm's project (issue 30, item 6): each user's reviews and their cells, theirs alone,
-- written through the outbox and apply_changes like every other workspace table, so another device opens the same
-- review. A synced table added as 20251127000300_sync_clock_and_owner.sql's header says: the table with row-level
-- security per owner, its <table>_guard and <table>_clock triggers, and its line in sync_table_keys (added to the
-- function as it stands, not a restated list).
--
-- - The records are src/lib/review/review.ts's Review and ReviewCell; src/lib/sync/tables.ts maps them to these rows.
-- - The sizes the browser keeps (review.ts) are checks here, so a runaway value is refused for good: at most 200
--   documents (MAX_REVIEW_DOCUMENTS) and 30 questions (MAX_REVIEW_QUESTIONS) a review, a question of 300 characters
--   (MAX_QUESTION_CHARS), a note of 2,000 (MAX_NOTE_CHARS). The documents and columns are small lists the app
--   validates when it reads them (parseReviews), as messages' citations are: jsonb arrays, bounded in length.
-- - created_at of a review is the record's own createdAt (sent on insert; workspace_guard_update keeps it after).

-- Review: id, title, documents [{ id, title }] (the rows), columns [{ id, label, question }] (the questions),
-- createdAt, updatedAt (the last change: a rename, a row or a column).
create table public.reviews (
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  id text not null check (id ~ '^[\w.:@+-]+$' and char_length(id) <= 256),
  title text not null check (title ~ '\S' and char_length(title) <= 1000),
  documents jsonb not null default '[]' constraint reviews_at_most_200_documents check (
    case when jsonb_typeof(documents) = 'array' then jsonb_array_length(documents) <= 200 else false end
  ),
  columns jsonb not null default '[]' constraint reviews_at_most_30_columns check (
    case when jsonb_typeof(columns) = 'array' then jsonb_array_length(columns) <= 30 else false end
  ),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (owner_id, id)
);

comment on table public.reviews is 'Review grids: documents (rows) by questions (columns); their answers are review_cells.';

-- One cell of a review: a document's answer to a column's question (ReviewCell). Keyed by its review, document and
-- column; it hangs from its owner's review (deleting the review deletes its cells). doc_id names no documents row: a
-- deleted document's cells stay, saying why their Verified mark came off (lost).
-- - question: the question it answers; doc_version: the reading of the document it was answered from.
-- - quote: the clause quoted, { text, page, start, end } (offsets in the page's text), only on a Found cell.
-- - answer: a model's one-line answer from the quote alone; mark: the lawyer's check, { state, by, at }; note: theirs.
create table public.review_cells (
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  review_id text not null,
  doc_id text not null check (doc_id ~ '^[\w.:@+-]+$' and char_length(doc_id) <= 256),
  column_id text not null check (column_id ~ '^[\w.:@+-]+$' and char_length(column_id) <= 256),
  question text not null check (char_length(question) <= 300),
  doc_version text not null default '' check (char_length(doc_version) <= 256),
  status text not null check (status in ('found', 'not-found', 'not-read')),
  quote jsonb constraint review_cells_quote_shape check (quote is null or coalesce(
    jsonb_typeof(quote) = 'object'
    and jsonb_typeof(quote -> 'text') = 'string'
    and char_length(quote ->> 'text') <= 20000
    and jsonb_typeof(quote -> 'page') = 'number'
    and jsonb_typeof(quote -> 'start') = 'number'
    and jsonb_typeof(quote -> 'end') = 'number', false)
  ),
  answer text check (char_length(answer) <= 2000),
  mark jsonb constraint review_cells_mark_shape check (mark is null or coalesce(
    jsonb_typeof(mark) = 'object'
    and mark ->> 'state' in ('verified', 'flagged')
    and jsonb_typeof(mark -> 'by') = 'string'
    and char_length(mark ->> 'by') <= 1000
    and jsonb_typeof(mark -> 'at') = 'string', false)
  ),
  note text check (char_length(note) <= 2000),
  lost text check (lost in ('reindexed', 'deleted')),
  answered_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (owner_id, review_id, doc_id, column_id),
  foreign key (owner_id, review_id) references public.reviews (owner_id, id) on delete cascade,
  constraint review_cells_quote_only_when_found check (quote is null or status = 'found')
);

comment on table public.review_cells is 'Answers of a review: one per document and question, with the quote, the lawyer''s mark and note.';

-- Keys and created_at kept, last write wins (20250301000000_workspace.sql); updated_at bounded by the server's clock
-- (20251127000300_sync_clock_and_owner.sql): <table>_clock runs before <table>_guard.
create trigger reviews_guard before update on public.reviews
  for each row execute function public.workspace_guard_update('owner_id', 'id');
create trigger review_cells_guard before update on public.review_cells
  for each row execute function public.workspace_guard_update('owner_id', 'review_id', 'doc_id', 'column_id');
create trigger reviews_clock before insert or update on public.reviews
  for each row execute function public.sync_clamp_updated_at();
create trigger review_cells_clock before insert or update on public.review_cells
  for each row execute function public.sync_clamp_updated_at();

-- Row-level security as on every workspace table: a signed-in user reads, adds, changes and deletes only their own
-- rows and cannot write one naming anyone else (one policy for all four, the same using and check as the workspace
-- tables' four); anon is granted nothing, so its requests fail before any policy is consulted.
alter table public.reviews enable row level security;
revoke all on table public.reviews from anon, authenticated;
grant select, insert, update, delete on table public.reviews to authenticated;
create policy "Users keep their own rows" on public.reviews for all to authenticated
  using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);

alter table public.review_cells enable row level security;
revoke all on table public.review_cells from anon, authenticated;
grant select, insert, update, delete on table public.review_cells to authenticated;
create policy "Users keep their own rows" on public.review_cells for all to authenticated
  using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);

-- sync_table_keys as it stands with the two tables' lines added (after preferences'), so apply_changes may write them;
-- its list is not restated here.
do $$
declare
  last_line constant text := 'when ''preferences'' then array[]::text[]';
  definition text := pg_get_functiondef('public.sync_table_keys(text)'::regprocedure);
begin
  if position(last_line in definition) = 0 then
    raise exception 'sync_table_keys has no line %', last_line;
  end if;
  execute replace(definition, last_line, last_line
    || ' when ''reviews'' then array[''id'']'
    || ' when ''review_cells'' then array[''review_id'', ''doc_id'', ''column_id'']');
end;
$$;
