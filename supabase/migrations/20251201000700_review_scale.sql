-- Review at archive scale (issue 44, item 6): a review takes up to 1,000 documents (MAX_REVIEW_DOCUMENTS in
-- src/lib/review/review.ts), not 200, so 1,000 documents by 30 questions (30,000 review_cells rows) fit. The check is
-- replaced under a name that says the new size; nothing else of the table changes.
--
-- A second device reads review_cells page by page (src/lib/sync/supabaseApi.ts: ordered by the primary key,
-- owner_id, review_id, doc_id, column_id, 1,000 rows a request), which the primary key's index serves as it is.
alter table public.reviews drop constraint reviews_at_most_200_documents;
alter table public.reviews add constraint reviews_at_most_1000_documents check (
  case when jsonb_typeof(documents) = 'array' then jsonb_array_length(documents) <= 1000 else false end
);
