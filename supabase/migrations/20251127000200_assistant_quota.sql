-- The assistant's daily quota per user (issue 31, item 5): the Edge Function supabase/functions/assistant/ counts
-- each question and the tokens of its answer here, as the signed-in user, and refuses a question once the day's
-- requests or tokens have reached its limits (its secrets ASSISTANT_DAILY_REQUESTS and ASSISTANT_DAILY_TOKENS).
--
-- A user reads only their own usage (row-level security) and writes none of it: the counts are raised only through
-- the two security-definer functions below, which only ever add to the caller's own row of the day (UTC). Calling
-- them directly gains nothing: the limits they are given decide only whether the caller's own question goes on.

create table public.assistant_usage (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  requests integer not null default 0 check (requests >= 0),
  tokens bigint not null default 0 check (tokens >= 0),
  primary key (user_id, day)
);

comment on table public.assistant_usage is 'Questions and tokens each user sent the assistant a day (UTC); raised only by assistant_begin_request and assistant_add_tokens.';

alter table public.assistant_usage enable row level security;
revoke all on table public.assistant_usage from public, anon, authenticated;
grant select on table public.assistant_usage to authenticated;

create policy "a user reads their own usage" on public.assistant_usage
  for select to authenticated
  using (user_id = (select auth.uid()));

-- The caller's row of today (UTC), made when missing and locked until the call ends, so one user's calls are taken one
-- at a time: two at once cannot both take the last question. For the two functions below only.
create function public.assistant_usage_of_today()
returns public.assistant_usage
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  today date := (now() at time zone 'utc')::date;
  used public.assistant_usage;
begin
  if caller is null then
    raise exception 'not_signed_in' using errcode = 'PT401', detail = 'Sign in to use the assistant.';
  end if;
  insert into public.assistant_usage (user_id, day) values (caller, today) on conflict (user_id, day) do nothing;
  select * into used from public.assistant_usage u where u.user_id = caller and u.day = today for update;
  return used;
end;
$$;

-- Counts one question of the caller today, unless today's questions or tokens have reached the limits: then nothing
-- is counted and the answer is false.
create function public.assistant_begin_request(request_limit integer, token_limit bigint)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  used public.assistant_usage;
begin
  if request_limit is null or token_limit is null or request_limit < 0 or token_limit < 0 then
    raise exception 'invalid_limit' using errcode = 'PT400', detail = 'The limits are whole numbers of at least 0.';
  end if;
  used := public.assistant_usage_of_today();
  if used.requests >= request_limit or used.tokens >= token_limit then
    return false;
  end if;
  update public.assistant_usage u set requests = u.requests + 1 where u.user_id = used.user_id and u.day = used.day;
  return true;
end;
$$;

-- Adds the tokens an answer used to the caller's count of today, and returns the day's total. Only ever adds.
create function public.assistant_add_tokens(tokens bigint)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  used public.assistant_usage;
  total bigint;
begin
  if assistant_add_tokens.tokens is null or assistant_add_tokens.tokens < 0 or assistant_add_tokens.tokens > 10000000 then
    raise exception 'invalid_tokens' using errcode = 'PT400', detail = 'Tokens are a whole number from 0 to 10,000,000.';
  end if;
  used := public.assistant_usage_of_today();
  update public.assistant_usage u set tokens = u.tokens + assistant_add_tokens.tokens
  where u.user_id = used.user_id and u.day = used.day
  returning u.tokens into total;
  return total;
end;
$$;

-- Supabase grants execute on new public functions to anon and authenticated as well as public: signed-in users only,
-- and the helper to nobody.
revoke execute on function public.assistant_usage_of_today() from public, anon, authenticated;
revoke execute on function public.assistant_begin_request(integer, bigint) from public, anon;
revoke execute on function public.assistant_add_tokens(bigint) from public, anon;
grant execute on function public.assistant_begin_request(integer, bigint) to authenticated;
grant execute on function public.assistant_add_tokens(bigint) to authenticated;
