-- The workspace on Supabase (issue 19): every record a user keeps in the /dash workspace, their documents' pages
-- and originals, each user's alone. Row-level security decides every read and write; the anon key reads nothing.
--
-- Shared decisions:
-- - Keys: the app makes its own record ids (crypto.randomUUID(), sample slugs such as 'case-kyprianou-employment',
--   a reply's '<conversation id>:<ISO time>'), and every new user gets the same sample ids as their own rows. So ids
--   are text of the characters isRecordId() (src/lib/dash/parse.ts) allows, and a primary key is (owner_id, id):
--   unique per user, never across users.
-- - owner_id defaults to auth.uid(), so the app never sends it; a policy's with check refuses any other value.
-- - Children (messages, document_pages) reference their parent by (owner_id, parent id): the foreign key can only
--   find a parent of the same owner, and the policies force that owner to be the caller. A child cannot be attached
--   to another user's conversation or document.
-- - updated_at is the client's time of the change (last write wins per record, across devices). An update that
--   carries an older updated_at than the stored one is skipped (workspace_guard_update), so a late retry from an
--   outbox never overwrites a newer edit.
-- - Update is granted on whole tables, not on columns: supabase-js upsert (PostgREST) sends
--   `on conflict (owner_id, id) do update set id = excluded.id, ...`, which needs update on the key columns too
--   (PostgREST issue 2446). The same trigger refuses any change of a key, and keeps created_at.
-- - Bounds are generous (far beyond what the screens produce) so that a valid edit is never refused and retried
--   forever, while a runaway value is.

-- Conversation: id, title, pinned, updatedAt (src/lib/dash/conversations.ts).
create table public.conversations (
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  id text not null check (id ~ '^[\w.:@+-]+$' and char_length(id) <= 256),
  title text not null check (char_length(title) between 1 and 200),
  pinned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (owner_id, id)
);

comment on table public.conversations is 'Chat conversations of the sidebar; updated_at is the last change (a message, a rename).';

-- Chat message: id, role, content, timestamp, scope, citations, context chips, offerScope (src/lib/dash/chat.ts).
-- Ids are unique within their conversation (the browser keeps one list per conversation), hence the key.
-- Citations and chips are small lists the app validates when it reads them (parseMessages): jsonb arrays.
create table public.messages (
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  conversation_id text not null,
  id text not null check (id ~ '^[\w.:@+-]+$' and char_length(id) <= 256),
  role text not null check (role in ('user', 'assistant')),
  content text not null check (char_length(content) <= 200000),
  scope text not null check (scope in ('all', 'firm', 'case', 'kb', 'web')),
  citations jsonb check (jsonb_typeof(citations) = 'array'),
  context jsonb check (jsonb_typeof(context) = 'array'),
  offer_scope text check (offer_scope in ('all', 'firm', 'case', 'kb', 'web')),
  -- The message's own time (ChatMessage.timestamp): when it was sent, not when the row reached the server.
  sent_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (owner_id, conversation_id, id),
  foreign key (owner_id, conversation_id) references public.conversations (owner_id, id) on delete cascade
);

comment on table public.messages is 'Messages of a conversation; deleting the conversation deletes them.';

-- Knowledge item: id, title, type, description, lastUpdated (a calendar day), source, and a body when it has one
-- (src/lib/dash/knowledge.ts). Titles and descriptions are required (canAddKnowledge).
create table public.knowledge_items (
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  id text not null check (id ~ '^[\w.:@+-]+$' and char_length(id) <= 256),
  title text not null check (title ~ '\S' and char_length(title) <= 1000),
  type text not null check (type in ('internal', 'law', 'judgment')),
  description text not null check (description ~ '\S' and char_length(description) <= 20000),
  last_updated date not null default current_date,
  source text not null check (char_length(source) <= 1000),
  text text check (char_length(text) <= 1000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (owner_id, id)
);

comment on table public.knowledge_items is 'The knowledge base: laws, judgments and internal guides.';

-- Case: id, title, docketNo, jurisdiction, status, updated (a calendar day, as the card shows it), members
-- (src/lib/dash/cases.ts). Its document count is counted from documents, never stored.
create table public.cases (
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  id text not null check (id ~ '^[\w.:@+-]+$' and char_length(id) <= 256),
  title text not null check (title ~ '\S' and char_length(title) <= 1000),
  docket_no text not null check (docket_no ~ '\S' and char_length(docket_no) <= 200),
  jurisdiction text not null default 'Not specified' check (jurisdiction ~ '\S' and char_length(jurisdiction) <= 1000),
  status text not null default 'active' check (status in ('active', 'pending', 'closed')),
  updated_on date not null default current_date,
  members integer not null default 1 check (members between 1 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (owner_id, id)
);

comment on table public.cases is 'Matters of the firm.';

-- Document: the upload record (src/lib/dash/uploads.ts, Upload), which the Files screen shows as a document.
-- - case_id has no foreign key: deleting a case keeps its documents, which keep the case's title (case_title).
-- - status is the reader's state of the current attempt (Processing in src/lib/documents/timeline.ts); the status
--   the screens show (Queued, OCR Processing, Embedding, Indexed / Processing, Failed) follows from it and the
--   instants below with the specification's timings as floors (statusAt), so it is not stored.
-- - The original is in the private 'documents' bucket at storage_path = '<owner id>/<document id>/<file name>'
--   (null until it is uploaded; a sample's file is on the site, at `sample`). sha256 is its hex digest.
create table public.documents (
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  id text not null check (id ~ '^[\w.:@+-]+$' and char_length(id) <= 256),
  title text not null check (char_length(title) between 1 and 1000),
  file_name text not null check (char_length(file_name) between 1 and 1000),
  kind text not null check (kind in ('pdf', 'docx', 'doc', 'txt')),
  case_id text not null check (case_id ~ '^[\w.:@+-]+$' and char_length(case_id) <= 256),
  case_title text not null default '' check (char_length(case_title) <= 1000),
  size_bytes bigint not null default 0 check (size_bytes between 0 and 52428800),
  sha256 text check (sha256 ~ '^[0-9a-f]{64}$'),
  storage_path text constraint documents_storage_path_in_its_folder check (
    cardinality(string_to_array(storage_path, '/')) = 3
    and split_part(storage_path, '/', 1) = owner_id::text
    and split_part(storage_path, '/', 2) = id
    and split_part(storage_path, '/', 3) <> ''
  ),
  sample text check (sample ~ '^/samples/[a-z0-9-]+\.(pdf|docx|txt)$'),
  -- Pages, or a DOCX's sections (unit): 0 until it is read; how many of them OCR recognised.
  page_count integer not null default 0 check (page_count between 0 and 100000),
  unit text not null default 'page' check (unit in ('page', 'section')),
  ocr_pages integer not null default 0 constraint documents_ocr_pages_of_its_pages check (ocr_pages between 0 and page_count),
  uploaded_at timestamptz not null default now(),
  attempt text not null default 'upload' check (attempt in ('upload', 'reindex')),
  status text not null default 'queued' check (status in ('queued', 'reading', 'storing', 'done', 'failed')),
  started_at timestamptz not null default now(),
  read_at timestamptz,
  done_at timestamptz,
  failed_at timestamptz,
  failure_reason text check (char_length(failure_reason) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (owner_id, id),
  constraint documents_reason_only_when_failed check (failure_reason is null or status = 'failed')
);

comment on table public.documents is 'Uploaded and sample documents: metadata, reading status, and where the original is stored.';

-- The Case scope and case chips search a case's documents.
create index documents_owner_case on public.documents (owner_id, case_id);

-- One page (or DOCX section) of a document's text, as the browser read it (src/lib/documents/db.ts, StoredPage):
-- 'text' from the file's text layer, 'ocr' recognised from its image. A re-index replaces them (delete, insert).
-- tsv is the page's English search vector, kept by Postgres, searched through the GIN index by search_pages.
create table public.document_pages (
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  document_id text not null,
  page_number integer not null check (page_number between 1 and 100000),
  text text not null check (char_length(text) <= 1000000),
  source text not null default 'text' check (source in ('text', 'ocr')),
  tsv tsvector generated always as (to_tsvector('english', text)) stored,
  created_at timestamptz not null default now(),
  primary key (owner_id, document_id, page_number),
  foreign key (owner_id, document_id) references public.documents (owner_id, id) on delete cascade
);

comment on table public.document_pages is 'Page text of documents, with its search vector; deleting the document deletes them.';

create index document_pages_tsv on public.document_pages using gin (tsv);

-- Preferences: one row per user (src/lib/dash/preferences.ts), and the sidebar's state (src/stores/dash/layout.ts),
-- as columns with the app's defaults, so a missing row and a new row read the same.
create table public.preferences (
  owner_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  default_scope text not null default 'firm' check (default_scope in ('all', 'firm', 'case', 'kb')),
  compact_mode boolean not null default false,
  notify_email boolean not null default true,
  notify_desktop boolean not null default false,
  notify_mobile boolean not null default true,
  sidebar_collapsed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.preferences is 'Each user''s workspace preferences, one row per user.';

-- Keeps keys and created_at as they are, and applies last write wins. The trigger's arguments name the key columns:
-- changing one is refused (insufficient_privilege, as a missing grant would be); an update older than the stored
-- row (updated_at) is skipped, so it changes nothing and returns no row. Triggers fire without the execute privilege.
create function public.workspace_guard_update()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  old_row jsonb := to_jsonb(old);
  new_row jsonb := to_jsonb(new);
  key text;
begin
  foreach key in array tg_argv loop
    if new_row -> key is distinct from old_row -> key then
      raise exception 'permission denied: % of % cannot be changed', key, tg_table_name using errcode = '42501';
    end if;
  end loop;
  if (new_row ->> 'updated_at')::timestamptz < (old_row ->> 'updated_at')::timestamptz then
    return null;
  end if;
  return jsonb_populate_record(new, jsonb_build_object('created_at', old_row -> 'created_at'));
end;
$$;

revoke execute on function public.workspace_guard_update() from public, anon, authenticated;

create trigger conversations_guard before update on public.conversations
  for each row execute function public.workspace_guard_update('owner_id', 'id');
create trigger messages_guard before update on public.messages
  for each row execute function public.workspace_guard_update('owner_id', 'conversation_id', 'id');
create trigger knowledge_items_guard before update on public.knowledge_items
  for each row execute function public.workspace_guard_update('owner_id', 'id');
create trigger cases_guard before update on public.cases
  for each row execute function public.workspace_guard_update('owner_id', 'id');
create trigger documents_guard before update on public.documents
  for each row execute function public.workspace_guard_update('owner_id', 'id');
create trigger document_pages_guard before update on public.document_pages
  for each row execute function public.workspace_guard_update('owner_id', 'document_id', 'page_number');
create trigger preferences_guard before update on public.preferences
  for each row execute function public.workspace_guard_update('owner_id');

-- Row-level security on every table, and the same four policies on each: a signed-in user reads, adds, changes and
-- deletes only rows whose owner_id is theirs, and cannot write a row naming anyone else. Supabase grants every
-- privilege on new public tables to anon and authenticated: take them all back, then give the signed-in role the
-- four it needs ('Clear workspace data' deletes, a re-index replaces pages, upserts update). Anon keeps nothing, so
-- its requests fail with permission denied before any policy is consulted. (select auth.uid()) is evaluated once
-- per statement, not once per row.
do $$
declare
  t text;
begin
  foreach t in array array['conversations', 'messages', 'knowledge_items', 'cases', 'documents', 'document_pages', 'preferences'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant select, insert, update, delete on table public.%I to authenticated', t);
    execute format(
      'create policy "Users read their own rows" on public.%I for select to authenticated using ((select auth.uid()) = owner_id)', t);
    execute format(
      'create policy "Users add rows of their own" on public.%I for insert to authenticated with check ((select auth.uid()) = owner_id)', t);
    execute format(
      'create policy "Users change their own rows" on public.%I for update to authenticated '
      'using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id)', t);
    execute format(
      'create policy "Users delete their own rows" on public.%I for delete to authenticated using ((select auth.uid()) = owner_id)', t);
  end loop;
end;
$$;

-- Storage: originals in a private bucket (no public URLs; downloads are signed or authenticated), up to the upload
-- limit of 50 MB. The file types are checked in the browser from the bytes (src/lib/documents/kinds.ts), so the
-- bucket does not rely on the MIME type a browser guesses.
insert into storage.buckets (id, name, public, file_size_limit)
values ('documents', 'documents', false, 52428800)
on conflict do nothing;

-- Each user has one folder of the bucket, named by their id: objects are '<user id>/<document id>/<file name>'.
-- Reads, updates and deletes see only that folder; a new or renamed object must also have that shape.
create policy "Users read their own documents' files"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users upload files into their own folder"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and cardinality(storage.foldername(name)) = 2
  );

create policy "Users replace their own documents' files"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (
    bucket_id = 'documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and cardinality(storage.foldername(name)) = 2
  );

create policy "Users delete their own documents' files"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- search_pages: the best pages of the caller's documents for a question, for grounded answers and Files' search.
-- - Security invoker: row-level security on document_pages and documents applies, so it can only ever see the
--   caller's own pages; its empty search_path and qualified names keep it from being hijacked.
-- - Scope (src/lib/search/scope.ts): both lists null searches every document (All, Firm); otherwise a page is in
--   scope when its document is in document_ids or its case is in case_ids (Case is case_ids => {id}; chips give
--   both, their union). An empty list takes nothing, as chips with no ids search nothing. KB and knowledge chips
--   are not pages: the app does not call this for them.
-- - Plain-language questions: websearch_to_tsquery ANDs every word, and 'What is the notice period in the lease?'
--   rarely has all of notice, period and lease on one page. So the candidates are the pages with ANY of the
--   question's words (an OR of its lexemes, its '-word' exclusions still applied), ranked: first the pages that
--   satisfy the whole websearch query (matches_all: every word, "phrases", 'or'), then by the share of the
--   question's distinct words the page has (coverage), then by ts_rank_cd over the OR query (rank, normalised to
--   0..1). One pass, always up to max_results rows, never an empty answer only because one word is missing.
-- - snippet: ts_headline over the OR query, matched words between '<mark>' and '</mark>', fragments joined by ' … '.
--   The page text is not escaped: split the snippet on the markers and render the parts as text, never as HTML.
--   The marked words are the page's own words that matched (a retriever's `terms`). text is the whole page, so a
--   quote can be cut from it with offsets, as the browser's snippets are.
-- - The question is read up to 1,000 characters; max_results is kept between 1 and 50.
create function public.search_pages(
  query text,
  document_ids text[] default null,
  case_ids text[] default null,
  max_results integer default 8
)
returns table (
  document_id text,
  title text,
  case_id text,
  case_title text,
  page_number integer,
  unit text,
  source text,
  matches_all boolean,
  coverage real,
  rank real,
  snippet text,
  text text
)
language sql
stable
security invoker
set search_path = ''
as $$
  -- The words kept, and the exclusions (websearch syntax: '-' at the start of a word or of a "phrase").
  with parts as (
    select
      asked,
      regexp_replace(asked, '(^|\s)-("[^"]*"?|[^\s"]+)', ' ', 'g') as kept,
      coalesce((select string_agg(m[1], ' ') from regexp_matches(asked, '(?:^|\s)(-(?:"[^"]*"?|[^\s"]+))', 'g') as m), '') as excluded
    from (select left(coalesce(query, ''), 1000) as asked) as question
  ),
  -- strict: the websearch query. loose: any kept word, minus the exclusions. terms: the kept words' lexemes.
  q as (
    select
      websearch_to_tsquery('english', asked) as strict_query,
      case when excluded = '' then any_word else any_word && websearch_to_tsquery('english', excluded) end as loose_query,
      terms
    from parts,
      lateral (
        select
          replace(plainto_tsquery('english', kept)::text, ' & ', ' | ')::tsquery as any_word,
          tsvector_to_array(to_tsvector('english', kept)) as terms
      ) as words
  ),
  best as (
    select
      p.document_id, d.title, d.case_id, d.case_title, p.page_number, d.unit, p.source, p.text,
      p.tsv @@ q.strict_query as matches_all,
      -- The question's lexemes the page has: its lexeme count less what is left when they are deleted (one pass over
      -- the page's vector, where a match per word would read it once per word).
      ((length(p.tsv) - length(ts_delete(p.tsv, q.terms)))::real / greatest(cardinality(q.terms), 1))::real as coverage,
      ts_rank_cd(p.tsv, q.loose_query, 32) as rank
    from q
    join public.document_pages as p on p.tsv @@ q.loose_query
    join public.documents as d on d.owner_id = p.owner_id and d.id = p.document_id
    where (document_ids is null and case_ids is null)
       or p.document_id = any (document_ids)
       or d.case_id = any (case_ids)
    order by matches_all desc, coverage desc, rank desc, p.document_id, p.page_number
    limit greatest(1, least(coalesce(max_results, 8), 50))
  )
  select
    best.document_id, best.title, best.case_id, best.case_title, best.page_number, best.unit, best.source,
    best.matches_all, best.coverage, best.rank,
    ts_headline('english', best.text, q.loose_query,
      'StartSel=<mark>, StopSel=</mark>, MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "'),
    best.text
  from best, q
  order by best.matches_all desc, best.coverage desc, best.rank desc, best.document_id, best.page_number
$$;

revoke execute on function public.search_pages(text, text[], text[], integer) from public, anon;
grant execute on function public.search_pages(text, text[], text[], integer) to authenticated;
