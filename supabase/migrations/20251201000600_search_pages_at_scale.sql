-- search_pages at archive scale (issue 44): the same answers, found by the indexes.
--
-- `npm run bench:scale` ran search_pages on real Postgres (Debian's 15) under these migrations. Its plan
-- (reports/scale.md) read every page: the question's tsquery came from a CTE joined to document_pages, so Postgres
-- could not ask the GIN index for it and took a Seq Scan on document_pages, then joined the pages to documents in a
-- nested loop filtered by the scope (an OR of three conditions it could not index either): 127 ms for one question at
-- 60 documents (1,090 pages), growing with every page of the firm, whatever the scope.
--
-- Now, with the same arguments and order (20251126000000_search_by_terms.sql), and the same pages but where ranks tie
-- at the limit (the tsquery lists its terms in another order, so a rank can differ in its last bits):
-- - the tsquery is made first, as a value, so `tsv @@ query` is an index condition on document_pages_tsv;
-- - a scope of documents or cases first finds its documents (by id, or by case: two new indexes), then their pages by
--   document_pages' primary key, and keeps those holding a term; All and Firm (both lists null) are planned for each
--   query (EXECUTE): the GIN index for rare terms, the table for terms nearly every page has;
-- - row-level security applies as before (security invoker), the search_path stays empty and every name qualified.
-- All over a large archive stays costly: nearly every page holds a term of a question's wordings ('shall'), and every
-- such page is ranked (reports/scale.md has the figures and plans).
create index documents_id on public.documents (id);
create index documents_case on public.documents (case_id);

-- The OR of these lexemes (words matched whole, starts as prefixes), or null when there are none.
create function public.search_pages_query(words text[], starts text[])
returns tsquery
language sql
immutable
set search_path = ''
as $$
  select to_tsquery('simple', string_agg(q, ' | '))
  from (
    select quote_literal(w) as q from unnest(words) as w
    union all
    select quote_literal(w) || ':*' from unnest(starts) as w
  ) as parts
  having count(*) > 0
$$;

revoke execute on function public.search_pages_query(text[], text[]) from public, anon;
grant execute on function public.search_pages_query(text[], text[]) to authenticated;

create or replace function public.search_pages(
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
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  words text[];
  starts text[];
  any_term tsquery;
  wanted integer := greatest(1, least(coalesce(max_results, 100), 200));
begin
  select coalesce(array_agg(distinct l.lexeme) filter (where not l.prefix), '{}'), coalesce(array_agg(distinct l.lexeme) filter (where l.prefix), '{}')
  into words, starts
  from (
    select regexp_replace(u.t, '[^[:alnum:]]', '', 'g') as lexeme, false as prefix
    from unnest(coalesce(terms, '{}')) with ordinality as u (t, n) where u.n <= 200
    union all
    select regexp_replace(u.t, '[^[:alnum:]]', '', 'g'), true
    from unnest(coalesce(prefixes, '{}')) with ordinality as u (t, n) where u.n <= 200
  ) as l
  where l.lexeme <> '';
  any_term := public.search_pages_query(words, starts);
  if any_term is null then
    return;
  end if;

  if document_ids is null and case_ids is null then
    -- The whole archive (All, Firm): planned for this very query each time (EXECUTE), so a query that nearly every page
    -- matches reads the table and a rare one asks the GIN index; a cached generic plan would guess one for both.
    return query execute
      'select p.document_id, d.title, d.case_id, d.case_title, p.page_number, d.unit, p.source, ts_rank(p.tsv, $1, 1), p.text
       from public.document_pages as p
       join public.documents as d on d.owner_id = p.owner_id and d.id = p.document_id
       where p.tsv @@ $1
       order by 8 desc, 1, 5
       limit $2'
      using any_term, wanted;
  else
    return query
      select p.document_id, d.title, d.case_id, d.case_title, p.page_number, d.unit, p.source, ts_rank(p.tsv, any_term, 1), p.text
      from public.documents as d
      join public.document_pages as p on p.owner_id = d.owner_id and p.document_id = d.id
      where (d.id = any (coalesce(document_ids, '{}')) or d.case_id = any (coalesce(case_ids, '{}')))
        and p.tsv @@ any_term
      order by 8 desc, 1, 5
      limit wanted;
  end if;
end
$$;
