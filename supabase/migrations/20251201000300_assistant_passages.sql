-- The assistant answers only from the user's own pages, within quotas that parallel requests cannot overspend
-- (issue 43, item 6; after 20251127000200_assistant_quota.sql). The Edge Function supabase/functions/assistant/:
--
-- 1. checks every passage the browser sends with assistant_passages, as the signed-in user (security invoker, so
--    row-level security decides): a page's passage must be a substring of that page (document id and page number)
--    of a document the user reads; a knowledge item's, of that item's description or body. The title, source and page
--    the model is shown are the database's, never the browser's. One passage that is not found refuses the question
--    before the model is called.
-- 2. reserves the question's tokens before the model is asked (assistant_reserve: the prompt's estimate plus the
--    answer's max_tokens), against the user's day and the whole project's day, and settles the reservation when the
--    answer ends (assistant_settle: the tokens actually used replace the reserved ones). Reserving takes the user's
--    and the project's rows of the day under lock, so two questions at once cannot both take the last tokens.
--
-- The quota functions are the function's alone: they run with the service key (service_role), are told the user's id
-- (which the function has from Supabase Auth) and the limits, and no signed-in user may call them, so nobody can
-- spend the project's day directly. The former assistant_begin_request and assistant_add_tokens, which users could
-- call, are dropped. Users still read their own usage (assistant_usage, row-level security).

create function public.assistant_passages(passages jsonb)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      coalesce(
        (
          select jsonb_build_object('n', (p.value ->> 'n')::integer, 'title', d.title, 'source', d.case_title, 'page', pg.page_number)
          from public.document_pages as pg
          join public.documents as d on d.owner_id = pg.owner_id and d.id = pg.document_id
          where p.value ? 'document'
            and pg.document_id = p.value ->> 'document'
            and pg.page_number = case when p.value ->> 'page' ~ '^[0-9]{1,6}$' then (p.value ->> 'page')::integer end
            and coalesce(p.value ->> 'text', '') <> ''
            and strpos(pg.text, p.value ->> 'text') > 0
          order by pg.owner_id = (select auth.uid()) desc, pg.owner_id
          limit 1
        ),
        (
          select jsonb_build_object('n', (p.value ->> 'n')::integer, 'title', k.title, 'type', k.type, 'source', k.source)
          from public.knowledge_items as k
          where p.value ? 'item'
            and k.id = p.value ->> 'item'
            and coalesce(p.value ->> 'text', '') <> ''
            and (strpos(k.description, p.value ->> 'text') > 0 or strpos(coalesce(k.text, ''), p.value ->> 'text') > 0)
          order by k.owner_id = (select auth.uid()) desc, k.owner_id
          limit 1
        ),
        'null'::jsonb
      )
      order by p.ordinality
    ),
    '[]'::jsonb
  )
  from jsonb_array_elements(case when jsonb_typeof(passages) = 'array' then passages else '[]'::jsonb end) with ordinality as p
$$;

revoke execute on function public.assistant_passages(jsonb) from public, anon;
grant execute on function public.assistant_passages(jsonb) to authenticated;

-- The whole project's questions and tokens of a day (UTC), beside each user's.
create table public.assistant_project_usage (
  day date primary key,
  requests integer not null default 0 check (requests >= 0),
  tokens bigint not null default 0 check (tokens >= 0)
);

comment on table public.assistant_project_usage is 'Questions and tokens (reserved or used) of every user of the assistant a day (UTC).';

-- A question's tokens, reserved until its answer ends.
create table public.assistant_reservations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  tokens bigint not null check (tokens >= 0),
  made_at timestamptz not null default now()
);

comment on table public.assistant_reservations is 'Tokens reserved for questions still being answered; settled (deleted) when the answer ends.';

alter table public.assistant_project_usage enable row level security;
alter table public.assistant_reservations enable row level security;
revoke all on table public.assistant_project_usage from public, anon, authenticated;
revoke all on table public.assistant_reservations from public, anon, authenticated;

-- Reserves a question of `person` today: refused (nothing counted) when the user's questions are at request_limit or
-- their tokens plus `estimate` would pass token_limit, and likewise for the whole project. Answers
-- {"reservation": id} or {"refused": "user" | "project"}.
create function public.assistant_reserve(
  person uuid,
  estimate bigint,
  request_limit integer,
  token_limit bigint,
  project_request_limit integer,
  project_token_limit bigint
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'utc')::date;
  mine public.assistant_usage;
  everyone public.assistant_project_usage;
  made uuid;
begin
  if person is null or estimate is null or estimate < 0 or estimate > 10000000
     or request_limit is null or token_limit is null or project_request_limit is null or project_token_limit is null
     or request_limit < 0 or token_limit < 0 or project_request_limit < 0 or project_token_limit < 0 then
    raise exception 'invalid_limit' using errcode = 'PT400', detail = 'A user, an estimate and limits of at least 0.';
  end if;
  -- The project's row first, then the user's: every caller locks in the same order.
  insert into public.assistant_project_usage (day) values (today) on conflict (day) do nothing;
  select * into everyone from public.assistant_project_usage as u where u.day = today for update;
  insert into public.assistant_usage (user_id, day) values (person, today) on conflict (user_id, day) do nothing;
  select * into mine from public.assistant_usage as u where u.user_id = person and u.day = today for update;
  if mine.requests >= request_limit or mine.tokens + estimate > token_limit then
    return jsonb_build_object('refused', 'user');
  end if;
  if everyone.requests >= project_request_limit or everyone.tokens + estimate > project_token_limit then
    return jsonb_build_object('refused', 'project');
  end if;
  update public.assistant_project_usage as u set requests = u.requests + 1, tokens = u.tokens + estimate where u.day = today;
  update public.assistant_usage as u set requests = u.requests + 1, tokens = u.tokens + estimate
  where u.user_id = person and u.day = today;
  insert into public.assistant_reservations (user_id, day, tokens) values (person, today, estimate) returning id into made;
  return jsonb_build_object('reservation', made);
end;
$$;

-- Settles a reservation once: the tokens used replace the tokens reserved, on the day it was made, for the user and
-- the project. Answers the user's tokens of that day, or null for a reservation already settled or unknown.
create function public.assistant_settle(reservation uuid, tokens bigint)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  held public.assistant_reservations;
  total bigint;
begin
  if assistant_settle.tokens is null or assistant_settle.tokens < 0 or assistant_settle.tokens > 10000000 then
    raise exception 'invalid_tokens' using errcode = 'PT400', detail = 'Tokens are a whole number from 0 to 10,000,000.';
  end if;
  delete from public.assistant_reservations as r where r.id = reservation returning * into held;
  if held.id is null then
    return null;
  end if;
  update public.assistant_project_usage as u set tokens = greatest(0, u.tokens - held.tokens + assistant_settle.tokens)
  where u.day = held.day;
  update public.assistant_usage as u set tokens = greatest(0, u.tokens - held.tokens + assistant_settle.tokens)
  where u.user_id = held.user_id and u.day = held.day
  returning u.tokens into total;
  return total;
end;
$$;

revoke execute on function public.assistant_reserve(uuid, bigint, integer, bigint, integer, bigint) from public, anon, authenticated;
revoke execute on function public.assistant_settle(uuid, bigint) from public, anon, authenticated;
grant execute on function public.assistant_reserve(uuid, bigint, integer, bigint, integer, bigint) to service_role;
grant execute on function public.assistant_settle(uuid, bigint) to service_role;

drop function public.assistant_begin_request(integer, bigint);
drop function public.assistant_add_tokens(bigint);
