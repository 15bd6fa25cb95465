-- search_pages for All at archive scale (issue 44): the whole archive searched from a question's rarest terms, and the
-- documents' read policy answered once a query instead of once a row.
--
-- At 10,000 documents (187,900 pages) All and Firm (both lists null) took 11 s a question (reports/scale.md before
-- this migration): a question's OR of about 24 stemmed terms holds words nearly every page has ('shall' is on 90% of
-- them, 'limit' on 48%), so every page was read, ranked and sorted, and JIT compiled the plan (about 3.8 s of it).
-- Three more causes, found on real Postgres with that archive:
-- - Under row-level security Postgres checks a row's policy before `tsv @@ query` (ts_match_vq is not leakproof), so
--   the GIN index of document_pages.tsv is never used for the caller's own query: every page visible is read.
-- - Since 20251201000200_firm_walls.sql the documents policy calls document_is_open for each row, a SECURITY DEFINER
--   function calling three more: about 0.44 ms a document on this shared machine, 4.4 s to read 10,000 documents'
--   rows as their owner (select count(*) from documents), and again for each page's policy.
-- - The attempt of b054284 read pg_stats as the caller, and pg_stats hides a table's statistics from a caller under
--   row-level security, so it never narrowed anything.
--
-- Now, with the same arguments, columns and rows:
-- - The documents read policy is document_is_open's rule written with two sets made once a query (hashed subplans):
--   the cases the caller reads (readable_cases, can_read_case's rule) and the existing cases their own documents name
--   (cases_of_my_documents, for case_exists). The rule is unchanged: in the caller's firm, and its case read, or the
--   caller's own with its case gone. The write policies keep document_is_open (one row each).
-- - search_pages_term_pages, SECURITY DEFINER, estimates from ANALYZE's statistics of document_pages.tsv how many
--   pages hold each of a question's terms. Those statistics are of the whole table, every firm's pages together, so no
--   caller may call it (execute is revoked from every role but the owner): only search_pages_candidates reads it, and
--   gives back pages of documents the caller reads, never a figure. (Which of them it gives back depends on the
--   table's word counts: a far weaker channel than the counts themselves, and one any search over shared statistics
--   has.)
-- - All and Firm over a table of more than 10,000 pages: the terms rarest first, while their estimated pages add up to
--   at most 2,000, or to less than 500 before the term (so at least the rarest term), are the telling terms.
--   search_pages_candidates, SECURITY DEFINER so the GIN index finds their pages, keeps only pages of documents the
--   caller reads (the documents read policy's rule, as above) and returns the best max_results by ts_rank of every term
--   of the question, as keys; search_pages then reads those pages and documents as the caller, under row-level security
--   as before. When the telling terms are on fewer pages than max_results (and are not all the terms), it returns none,
--   and every term's OR is asked as before (exact, slow).
-- - Up to 10,000 pages in the table (or with no statistics yet), and for documents and cases, the same query as before.
-- - jit is off for the functions: their plans are short, and JIT compiled for seconds before they ran.
-- - document_pages.tsv keeps statistics for 10,000 lexemes (statistics target 1000, not 100): at 100 ANALYZE listed
--   1,000 lexemes, each on more than 2.7% of the pages (5,000 of 187,900), so an unlisted word could be on 1 page or
--   5,000; at 1000 it lists about 7,000, those on more than about 0.09%. ANALYZE of the 187,900 pages took about 8 s.

alter table public.document_pages alter column tsv set statistics 1000;
analyze public.document_pages;

-- The cases the caller reads: can_read_case's rule (20251129000000_firms.sql) as a set.
create function public.readable_cases()
returns table (owner_id uuid, id text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.owner_id, c.id
  from public.cases as c
  where c.firm_id = (select m.firm_id from public.firm_members as m where m.user_id = (select auth.uid()))
    and (
      c.sharing = 'firm'
      or c.owner_id = (select auth.uid())
      or exists (
        select 1 from public.case_members as cm
        where cm.case_owner_id = c.owner_id and cm.case_id = c.id and cm.user_id = (select auth.uid())
      )
    )
$$;

-- The cases that exist (case_exists, past row-level security) among those the caller's own documents name.
create function public.cases_of_my_documents()
returns table (owner_id uuid, id text)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct c.owner_id, c.id
  from public.documents as d
  join public.cases as c on c.owner_id = d.case_owner_id and c.id = d.case_id
  where d.owner_id = (select auth.uid())
$$;

revoke execute on function public.readable_cases() from public, anon;
revoke execute on function public.cases_of_my_documents() from public, anon;
grant execute on function public.readable_cases() to authenticated;
grant execute on function public.cases_of_my_documents() to authenticated;

-- document_is_open(firm_id, owner_id, case_owner_id, case_id), each set made once a query. (case_owner_id may be
-- null: such a case is not read and does not exist, so only its uploader reads the document.)
drop policy "Members read the documents open to them" on public.documents;
create policy "Members read the documents open to them" on public.documents for select to authenticated
  using (
    firm_id = (select public.current_firm())
    and (
      (case_owner_id, case_id) in (select r.owner_id, r.id from public.readable_cases() as r)
      or (
        owner_id = (select auth.uid())
        and (case_owner_id is null or (case_owner_id, case_id) not in (select e.owner_id, e.id from public.cases_of_my_documents() as e))
      )
    )
  );

-- Each of these lexemes (words whole, starts as prefixes): about how many pages of document_pages hold it, by
-- ANALYZE's most common elements of tsv (a prefix: its listed lexemes' sum). A lexeme not listed gets the least listed
-- frequency (it is rarer than that). No rows when the table holds 10,000 pages or fewer, or has no statistics.
create function public.search_pages_term_pages(words text[], starts text[])
returns table (term text, prefix boolean, pages real)
language sql
stable
security definer
set search_path = ''
as $$
  with stats as (
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs, c.reltuples as total
    from pg_catalog.pg_stats as s
    join pg_catalog.pg_class as c on c.oid = 'public.document_pages'::regclass
    where s.schemaname = 'public' and s.tablename = 'document_pages' and s.attname = 'tsv'
      and s.most_common_elems is not null and c.reltuples > 10000
  ),
  listed as (
    select e.lexeme, e.freq
    from stats cross join lateral unnest(stats.elems, stats.freqs[1:cardinality(stats.elems)]) as e (lexeme, freq)
  ),
  asked as (
    select w as term, false as prefix from unnest(words[1:200]) as w
    union
    select w, true from unnest(starts[1:200]) as w
  )
  select a.term, a.prefix, (stats.total * greatest(
    coalesce(case when a.prefix then (select sum(l.freq) from listed as l where starts_with(l.lexeme, a.term)) else w.freq end, 0),
    stats.freqs[cardinality(stats.elems) + 1]
  ))::real
  from stats
  cross join asked as a
  left join listed as w on not a.prefix and w.lexeme = a.term
$$;

-- The best `wanted` pages (keys and rank) holding a telling term of the question (its words and starts: the rarest
-- ones, by search_pages_term_pages), ranked by `any_term`, of the documents the caller reads: the documents read
-- policy's rule, written out (this runs as the owner, past row-level security, so the GIN index finds the pages).
-- None when the table is small, or when the telling terms are on fewer pages than wanted and are not every term.
-- search_pages reads the pages it names as the caller, under row-level security.
create function public.search_pages_candidates(words text[], starts text[], any_term tsquery, wanted integer)
returns table (owner_id uuid, document_id text, page_number integer, rank real)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  -- The most pages the telling terms may be estimated to be on, and the fewest (see the header).
  rare_pages constant real := 2000;
  rare_least constant real := 500;
  rare_words text[];
  rare_starts text[];
  rare_count integer;
  owners uuid[];
  ids text[];
  numbers integer[];
  ranks real[];
  limit_to integer := greatest(1, least(coalesce(wanted, 100), 200));
begin
  select coalesce(array_agg(r.term) filter (where not r.prefix), '{}'), coalesce(array_agg(r.term) filter (where r.prefix), '{}'), count(*)
  into rare_words, rare_starts, rare_count
  from (
    select f.term, f.prefix, f.pages,
      sum(f.pages) over (order by f.pages, f.term, f.prefix rows unbounded preceding) as reach
    from public.search_pages_term_pages(words[1:200], starts[1:200]) as f
  ) as r
  where r.reach - r.pages < rare_least or r.reach <= rare_pages;
  if rare_count = 0 then
    return;
  end if;
  execute
    'select coalesce(array_agg(k.owner_id), ''{}''), coalesce(array_agg(k.document_id), ''{}''), coalesce(array_agg(k.page_number), ''{}''), coalesce(array_agg(k.rank), ''{}'')
     from (
       select p.owner_id, p.document_id, p.page_number, ts_rank(p.tsv, $2, 1) as rank
       from public.document_pages as p
       join public.documents as d on d.owner_id = p.owner_id and d.id = p.document_id
       where p.tsv @@ $1
         and d.firm_id = (select public.current_firm())
         and (
           (d.case_owner_id, d.case_id) in (select r.owner_id, r.id from public.readable_cases() as r)
           or (
             d.owner_id = (select auth.uid())
             and (d.case_owner_id is null or (d.case_owner_id, d.case_id) not in (select e.owner_id, e.id from public.cases_of_my_documents() as e))
           )
         )
       order by 4 desc, 2, 3
       limit $3
     ) as k'
    into owners, ids, numbers, ranks
    using public.search_pages_query(rare_words, rare_starts), any_term, limit_to;
  if cardinality(ids) < limit_to and rare_count < cardinality(words[1:200]) + cardinality(starts[1:200]) then
    return;
  end if;
  return query select * from unnest(owners, ids, numbers, ranks);
end
$$;

revoke execute on function public.search_pages_term_pages(text[], text[]) from public, anon, authenticated;
revoke execute on function public.search_pages_candidates(text[], text[], tsquery, integer) from public, anon;
grant execute on function public.search_pages_candidates(text[], text[], tsquery, integer) to authenticated;

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
set jit = off
as $$
#variable_conflict use_column
declare
  words text[];
  starts text[];
  any_term tsquery;
  owners uuid[];
  ids text[];
  numbers integer[];
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
    -- The whole archive (All, Firm) past 10,000 pages: the pages holding the question's telling terms, ranked by all.
    select coalesce(array_agg(c.owner_id), '{}'), coalesce(array_agg(c.document_id), '{}'), coalesce(array_agg(c.page_number), '{}')
    into owners, ids, numbers
    from public.search_pages_candidates(words, starts, any_term, wanted) as c;
    if cardinality(ids) > 0 then
      return query
        select p.document_id, d.title, d.case_id, d.case_title, p.page_number, d.unit, p.source, ts_rank(p.tsv, any_term, 1), p.text
        from unnest(owners, ids, numbers) as c (owner_id, document_id, page_number)
        join public.document_pages as p on p.owner_id = c.owner_id and p.document_id = c.document_id and p.page_number = c.page_number
        join public.documents as d on d.owner_id = p.owner_id and d.id = p.document_id
        order by 8 desc, 1, 5;
      return;
    end if;
    -- Every term (a small table, or telling terms on too few pages): planned for this very query each time (EXECUTE),
    -- so a query that nearly every page matches reads the table and a rare one asks the GIN index.
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
