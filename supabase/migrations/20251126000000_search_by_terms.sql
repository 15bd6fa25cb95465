-- search_pages, by terms: one retrieval standard for the browser and Postgres (issue 29, "Answers that find the clause").
--
-- The browser's search worker reads the question (src/lib/search/rank.ts): its own words and the wordings of the
-- legal vocabulary it names (src/lib/search/vocabulary.ts), stemmed with Snowball English and without the stop words
-- of Postgres's 'english' configuration, the very stems and stop words of document_pages.tsv. It sends them here as
-- lexemes; Postgres returns the candidate pages under row-level security, and the worker splits them into passages and
-- ranks them by the same rule as its own index. So the same question in the same scope quotes the same passages
-- whether or not Supabase is configured. The question's words are no longer parsed here (websearch_to_tsquery), and
-- no snippet is made here: the quote is cut from the page's text in the browser.
--
-- - terms: stems matched exactly; prefixes: matched as prefixes of a lexeme ('compet' finds competitor, competing).
--   Anything but letters and digits is dropped from each, and an empty one is ignored; 200 of each at most.
-- - Scope as before: both lists null searches every document (All, Firm); otherwise a page is in scope when its
--   document is in document_ids or its case is in case_ids; an empty list takes nothing.
-- - Order: ts_rank over the OR of every term (normalised by the page's length), then document and page: a scope of a
--   few contracts returns every page with any term, the largest scopes their best max_results (1 to 200) pages.
-- - Security invoker: row-level security on document_pages and documents applies, so it only ever sees the caller's
--   own pages; its empty search_path and qualified names keep it from being hijacked.
drop function public.search_pages(text, text[], text[], integer);

create function public.search_pages(
  terms text[],
  prefixes text[] default '{}',
  document_ids text[] default null,
  case_ids text[] default null,
  max_results integer default 100
)
returns table (
  document_id text,
  title text,
  case_id text,
  case_title text,
  page_number integer,
  unit text,
  source text,
  rank real,
  text text
)
language sql
stable
security invoker
set search_path = ''
as $$
  with lexemes as (
    select lexeme, false as prefix
    from (select regexp_replace(t, '[^[:alnum:]]', '', 'g') as lexeme from unnest(coalesce(terms, '{}')) with ordinality as u (t, n) where n <= 200) as kept
    where lexeme <> ''
    union
    select lexeme, true
    from (select regexp_replace(t, '[^[:alnum:]]', '', 'g') as lexeme from unnest(coalesce(prefixes, '{}')) with ordinality as u (t, n) where n <= 200) as kept
    where lexeme <> ''
  ),
  q as (
    select to_tsquery('simple', string_agg(quote_literal(lexeme) || case when prefix then ':*' else '' end, ' | ')) as any_term
    from lexemes
    having count(*) > 0
  )
  select
    p.document_id, d.title, d.case_id, d.case_title, p.page_number, d.unit, p.source,
    ts_rank(p.tsv, q.any_term, 1) as rank,
    p.text
  from q
  join public.document_pages as p on p.tsv @@ q.any_term
  join public.documents as d on d.owner_id = p.owner_id and d.id = p.document_id
  where (document_ids is null and case_ids is null)
     or p.document_id = any (document_ids)
     or d.case_id = any (case_ids)
  order by rank desc, p.document_id, p.page_number
  limit greatest(1, least(coalesce(max_results, 100), 200))
$$;

revoke execute on function public.search_pages(text[], text[], text[], text[], integer) from public, anon;
grant execute on function public.search_pages(text[], text[], text[], text[], integer) to authenticated;
