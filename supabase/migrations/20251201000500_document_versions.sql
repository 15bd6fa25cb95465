-- Versions of a document (issue 45): a document uploaded as "a new version" of another names the document it versions
-- (version_of, the previous version's id, of the same owner or of a colleague whose document the uploader reads) and
-- its number (version, 2 and up). The link is a column of documents, so it is read, written and deleted under the
-- documents' own row-level security (20251129000000_firms.sql): whoever reads a version reads its link, and a
-- version filed in a case the reader is walled out of stays out of sight with its link. There is no foreign key: a
-- version keeps its number when the previous one is deleted, and each version keeps its own pages, original and
-- citations. Rows from before have neither (a document of its own).
alter table public.documents
  add column version_of text check (version_of ~ '^[\w.:@+-]+$' and char_length(version_of) <= 256),
  add column version integer check (version between 2 and 10000),
  add constraint documents_version_with_its_link check ((version_of is null) = (version is null)),
  add constraint documents_version_of_another check (version_of is null or version_of <> id);

comment on column public.documents.version_of is 'The previous version''s id when this document was uploaded as a new version of it.';
comment on column public.documents.version is 'This version''s number (2 and up), with version_of.';
