-- Bookings of the discovery call, shared by every visitor of /book.
--
-- Visitors are anonymous, so nobody reads or writes the table through the API: row-level security is on with no
-- policy, and every privilege is revoked. Three security-definer functions are the only way in, each validating
-- what it is given:
--   taken_slots(from, to)   the start of each confirmed booking in a range, and nothing else (no name, no e-mail);
--   book_slot(...)          checks the slot and the fields and inserts atomically; returns the id and a manage token;
--   booking_by_token(token) and cancel_booking(token), for the holder of the manage link.
-- The manage token is random (two v4 UUIDs: 244 random bits from the server's CSPRNG) and only its SHA-256 is kept.
--
-- The schedule (src/site.config.ts, booking): Europe/Nicosia, 17:30 to 22:30 every 30 minutes, weekdays. The
-- field limits are booking.limits there. tests/unit/db/bookings.test.ts checks both against that file.

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  guests text[] not null default '{}',
  message text not null default '',
  -- The slot as the visitor chose it: the date and label in the schedule's zone, and its instant.
  date date not null,
  time text not null,
  timezone text not null,
  slot_start timestamptz not null,
  -- When the visitor sent it (the webhook's `timestamp`), and when the database took it.
  submitted_at timestamptz not null,
  created_at timestamptz not null default now(),
  status text not null default 'confirmed' check (status in ('confirmed', 'cancelled')),
  cancelled_at timestamptz,
  manage_token_hash text not null unique check (manage_token_hash ~ '^[0-9a-f]{64}$'),
  constraint bookings_cancelled_at check ((status = 'cancelled') = (cancelled_at is not null))
);

comment on table public.bookings is 'Discovery-call bookings; reached only through taken_slots, book_slot, booking_by_token and cancel_booking.';

-- One confirmed booking per slot: the second of two simultaneous book_slot calls fails here.
create unique index bookings_one_per_slot on public.bookings (slot_start) where status = 'confirmed';
create index bookings_email_upcoming on public.bookings (lower(email), slot_start) where status = 'confirmed';

alter table public.bookings enable row level security;
revoke all on table public.bookings from public, anon, authenticated;

-- The schedule's slot starts of a day, as wall-clock times in Europe/Nicosia.
create function public.booking_slot_times()
returns setof time
language sql
immutable
set search_path = ''
as $$
  select t::time from generate_series(timestamp '2000-01-01 17:30', timestamp '2000-01-01 22:30', interval '30 minutes') as t
$$;

-- Start times of the confirmed bookings in [from, to): all a visitor needs to mark slots 'Booked'.
create function public.taken_slots("from" timestamptz, "to" timestamptz)
returns table (slot_start timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select b.slot_start
  from public.bookings b
  where b.status = 'confirmed' and b.slot_start >= $1 and b.slot_start < $2
    -- At most a quarter's worth per call, so nobody pages through the whole table in one request.
    and $2 - $1 <= interval '93 days'
  order by b.slot_start
$$;

-- Refusals carry a stable message the page maps to a sentence; SQLSTATE PT4xx is the HTTP status PostgREST answers.
create function public.book_slot(
  name text,
  email text,
  start timestamptz,
  message text default '',
  guests text[] default '{}',
  submitted_at timestamptz default now()
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  zone constant text := 'Europe/Nicosia';
  email_pattern constant text := '^[^\s@]+@[^\s@]+\.[^\s@]+$';
  local_start timestamp := book_slot.start at time zone zone;
  clean_name text := regexp_replace(coalesce(book_slot.name, ''), '^\s+|\s+$', '', 'g');
  clean_email text := regexp_replace(coalesce(book_slot.email, ''), '^\s+|\s+$', '', 'g');
  clean_message text := regexp_replace(coalesce(book_slot.message, ''), '^\s+|\s+$', '', 'g');
  clean_guests text[];
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  booking_id uuid;
begin
  select coalesce(array_agg(regexp_replace(g, '^\s+|\s+$', '', 'g')) filter (where g !~ '^\s*$'), '{}') into clean_guests from unnest(coalesce(book_slot.guests, '{}')) as g;

  if book_slot.start is null or local_start::time not in (select public.booking_slot_times()) then
    raise exception 'not_a_slot' using errcode = 'PT400', detail = 'Slots start at 17:30 to 22:30, every 30 minutes, Europe/Nicosia.';
  end if;
  if extract(isodow from local_start) > 5 then
    raise exception 'weekend' using errcode = 'PT400', detail = 'Calls are booked on weekdays only.';
  end if;
  if book_slot.start <= now() then
    raise exception 'past_slot' using errcode = 'PT400', detail = 'The slot has already started.';
  end if;
  if clean_name = '' or char_length(clean_name) > 200 then
    raise exception 'invalid_name' using errcode = 'PT400', detail = 'A name of 1 to 200 characters is required.';
  end if;
  if char_length(clean_email) > 254 or clean_email !~ email_pattern then
    raise exception 'invalid_email' using errcode = 'PT400', detail = 'The e-mail address is not valid.';
  end if;
  if char_length(clean_message) > 2000 then
    raise exception 'message_too_long' using errcode = 'PT400', detail = 'The message has more than 2000 characters.';
  end if;
  if cardinality(clean_guests) > 10
    or exists (select 1 from unnest(clean_guests) as g where char_length(g) > 254 or g !~ email_pattern) then
    raise exception 'invalid_guests' using errcode = 'PT400', detail = 'Up to 10 valid guest e-mail addresses.';
  end if;

  -- One e-mail's bookings are counted and inserted one call at a time, so two at once cannot both pass the cap.
  perform pg_advisory_xact_lock(hashtext(lower(clean_email)));
  if (select count(*) from public.bookings b
      where lower(b.email) = lower(clean_email) and b.status = 'confirmed' and b.slot_start > now()) >= 3 then
    raise exception 'too_many_bookings' using errcode = 'PT429', detail = 'At most 3 upcoming calls per e-mail address.';
  end if;

  begin
    insert into public.bookings (name, email, guests, message, date, time, timezone, slot_start, submitted_at, manage_token_hash)
    values (
      clean_name, clean_email, clean_guests, clean_message,
      local_start::date, to_char(local_start, 'FMHH12:MI AM'), zone, book_slot.start,
      coalesce(book_slot.submitted_at, now()),
      encode(sha256(convert_to(token, 'UTF8')), 'hex')
    )
    returning id into booking_id;
  exception when unique_violation then
    raise exception 'slot_taken' using errcode = 'PT409', detail = 'That slot has just been booked.';
  end;

  return jsonb_build_object('id', booking_id, 'token', token);
end;
$$;

-- The booking a manage link names, for its page: the slot and the name, never the token or another booking.
create function public.booking_by_token(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('id', b.id, 'name', b.name, 'date', b.date, 'time', b.time, 'timezone', b.timezone,
                            'start', b.slot_start, 'status', b.status)
  from public.bookings b
  where b.manage_token_hash = encode(sha256(convert_to(coalesce($1, ''), 'UTF8')), 'hex')
$$;

-- Cancels the booking a manage link names and frees its slot. A wrong token, a used one, and a call already
-- started are refused, each with its own message.
create function public.cancel_booking(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.bookings;
begin
  select * into target from public.bookings b
  where b.manage_token_hash = encode(sha256(convert_to(coalesce(cancel_booking.token, ''), 'UTF8')), 'hex')
  for update;
  if target.id is null then
    raise exception 'unknown_token' using errcode = 'PT404', detail = 'No booking has this manage link.';
  end if;
  if target.status = 'cancelled' then
    raise exception 'already_cancelled' using errcode = 'PT409', detail = 'This booking was already cancelled.';
  end if;
  if target.slot_start <= now() then
    raise exception 'past_slot' using errcode = 'PT400', detail = 'The call has already started.';
  end if;
  update public.bookings set status = 'cancelled', cancelled_at = now() where id = target.id;
  return jsonb_build_object('id', target.id);
end;
$$;

-- Supabase grants execute on new public functions to anon and authenticated as well as public: the schedule helper
-- is for book_slot only.
revoke execute on function public.booking_slot_times() from public, anon, authenticated;
revoke execute on function public.taken_slots(timestamptz, timestamptz) from public;
revoke execute on function public.book_slot(text, text, timestamptz, text, text[], timestamptz) from public;
revoke execute on function public.booking_by_token(text) from public;
revoke execute on function public.cancel_booking(text) from public;
grant execute on function public.taken_slots(timestamptz, timestamptz) to anon, authenticated;
grant execute on function public.book_slot(text, text, timestamptz, text, text[], timestamptz) to anon, authenticated;
grant execute on function public.booking_by_token(text) to anon, authenticated;
grant execute on function public.cancel_booking(text) to anon, authenticated;
