-- Hostile files (issue 31, item 8): how many reads the current attempt at reading a document has started
-- (Processing.reads in src/lib/documents/timeline.ts). The browser counts a read before it starts it, and resumes a
-- read cut off by a crash or a closed page once; a document whose reading was cut off twice fails instead of being
-- read again on every visit. Kept with the row, so the count survives a reload that takes the server's rows.
-- 0 for the rows from before, and for a new attempt (a Re-index).
alter table public.documents
  add column reads integer not null default 0 check (reads >= 0);

comment on column public.documents.reads is 'Reads the current attempt has started (Processing.reads): one cut off twice fails.';
