-- Limits on bookings, and deliveries to the agency made by the server (issue 31, items 1-3).
--
-- Before this, book_slot was callable with the public anon key and took any future weekday slot (2099 included),
-- the only cap was 3 upcoming bookings per e-mail (beaten with invented addresses, and turnable on a person: three
-- bookings under someone's address locked them out, and the refusal told a prober the address held bookings), and
-- the visitor's browser, not the server, told the agency.
--
-- Now:
--   * book_slot and cancel_booking are callable only by the service role: the booking Edge Function
--     (supabase/functions/booking/) calls them with the client it sees, then delivers the booking or cancellation
--     to the agency's webhook, signed. taken_slots and booking_by_token stay public.
--   * book_slot refuses a slot more than horizon_days ahead, a client (a keyed hash of its IP, made by the function:
--     the IP itself never reaches the database) past per_client_per_hour new bookings in the last hour, a client
--     holding per_email upcoming bookings under one address (counted per client, so nobody else's bookings lock a
--     person out), and any new booking past per_day in a day (the schedule's zone) for the whole calendar.
--   * The client limit and the e-mail cap refuse with one neutral message, too_many_bookings, whichever was reached.
--   * Every booking and cancellation leaves a row in booking_deliveries (the outbox), in the same transaction: the
--     function delivers it and marks it; one it could not deliver is retried later, so a closed tab or a webhook that
--     was down loses nothing.
--
-- Every limit is a column of the one row of booking_settings (defaults below; change with an update, see README
-- "Bookings: limits and the signed webhook"). horizon_days matches site.booking.horizonDays in src/site.config.ts,
-- which the calendar uses; tests/unit/db/bookingLimits.test.ts checks that they agree.

create table public.booking_settings (
  -- One row: the primary key can only be true.
  id boolean primary key default true check (id),
  horizon_days integer not null default 60 check (horizon_days between 1 and 366),
  per_client_per_hour integer not null default 3 check (per_client_per_hour >= 0),
  per_email integer not null default 3 check (per_email >= 0),
  per_day integer not null default 20 check (per_day >= 0)
);
comment on table public.booking_settings is 'The limits book_slot applies: one row, changed with an update.';
insert into public.booking_settings default values;
alter table public.booking_settings enable row level security;
revoke all on table public.booking_settings from public, anon, authenticated;

-- Who made a booking, as the function saw it: HMAC-SHA256 of the client IP, hex. Null for bookings made before.
alter table public.bookings add column client_hash text check (client_hash ~ '^[0-9a-f]{64}$');
create index bookings_client_recent on public.bookings (client_hash, created_at);
create index bookings_created on public.bookings (created_at);

-- What the agency must hear: the JSON body of each booking and cancellation, until its webhook took it.
create table public.booking_deliveries (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id),
  body jsonb not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  -- The caller of book_slot or cancel_booking delivers at once; a scheduled retry waits until then.
  next_attempt_at timestamptz not null default now() + interval '2 minutes',
  delivered_at timestamptz
);
comment on table public.booking_deliveries is 'Outbox of the booking webhook: written by book_slot and cancel_booking, sent by the booking Edge Function.';
create index booking_deliveries_due on public.booking_deliveries (next_attempt_at) where delivered_at is null;
alter table public.booking_deliveries enable row level security;
revoke all on table public.booking_deliveries from public, anon, authenticated;

-- The anon key's book_slot goes: the new one takes the client and is the function's alone.
drop function public.book_slot(text, text, timestamptz, text, text[], timestamptz);

create function public.book_slot(
  name text,
  email text,
  start timestamptz,
  message text default '',
  guests text[] default '{}',
  submitted_at timestamptz default now(),
  client text default null
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
  -- One sentence for the client limit and the e-mail cap: a refusal never says whether an address holds bookings.
  neutral constant text := 'No more bookings can be taken from this connection for now.';
  settings public.booking_settings;
  local_start timestamp := book_slot.start at time zone zone;
  clean_name text := regexp_replace(coalesce(book_slot.name, ''), '^\s+|\s+$', '', 'g');
  clean_email text := regexp_replace(coalesce(book_slot.email, ''), '^\s+|\s+$', '', 'g');
  clean_message text := regexp_replace(coalesce(book_slot.message, ''), '^\s+|\s+$', '', 'g');
  clean_guests text[];
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  booking_id uuid;
  delivery_id uuid;
  body jsonb;
begin
  select * into settings from public.booking_settings;
  select coalesce(array_agg(regexp_replace(g, '^\s+|\s+$', '', 'g')) filter (where g !~ '^\s*$'), '{}') into clean_guests from unnest(coalesce(book_slot.guests, '{}')) as g;

  if book_slot.client is null or book_slot.client !~ '^[0-9a-f]{64}$' then
    raise exception 'invalid_client' using errcode = 'PT400', detail = 'The client is the hex HMAC-SHA256 of its address.';
  end if;
  if book_slot.start is null or local_start::time not in (select public.booking_slot_times()) then
    raise exception 'not_a_slot' using errcode = 'PT400', detail = 'Slots start at 17:30 to 22:30, every 30 minutes, Europe/Nicosia.';
  end if;
  if extract(isodow from local_start) > 5 then
    raise exception 'weekend' using errcode = 'PT400', detail = 'Calls are booked on weekdays only.';
  end if;
  if book_slot.start <= now() then
    raise exception 'past_slot' using errcode = 'PT400', detail = 'The slot has already started.';
  end if;
  if local_start::date > (now() at time zone zone)::date + settings.horizon_days then
    raise exception 'beyond_horizon' using errcode = 'PT400', detail = format('Bookings open at most %s days ahead.', settings.horizon_days);
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

  -- The limits are counted and the booking inserted one call at a time, so two at once cannot both pass a limit.
  perform pg_advisory_xact_lock(hashtext('public.book_slot'));
  if (select count(*) from public.bookings b
      where b.client_hash = book_slot.client and b.created_at > now() - interval '1 hour') >= settings.per_client_per_hour
    or (select count(*) from public.bookings b
        where b.client_hash = book_slot.client and lower(b.email) = lower(clean_email)
          and b.status = 'confirmed' and b.slot_start > now()) >= settings.per_email then
    raise exception 'too_many_bookings' using errcode = 'PT429', detail = neutral;
  end if;
  if (select count(*) from public.bookings b
      where b.created_at >= date_trunc('day', now() at time zone zone) at time zone zone) >= settings.per_day then
    raise exception 'day_full' using errcode = 'PT429', detail = 'No more bookings are taken online today.';
  end if;

  begin
    insert into public.bookings (name, email, guests, message, date, time, timezone, slot_start, submitted_at, manage_token_hash, client_hash)
    values (
      clean_name, clean_email, clean_guests, clean_message,
      local_start::date, to_char(local_start, 'FMHH12:MI AM'), zone, book_slot.start,
      coalesce(book_slot.submitted_at, now()),
      encode(sha256(convert_to(token, 'UTF8')), 'hex'),
      book_slot.client
    )
    returning id into booking_id;
  exception when unique_violation then
    raise exception 'slot_taken' using errcode = 'PT409', detail = 'That slot has just been booked.';
  end;

  -- What the webhook has always received for a booking, with the database's id.
  body := jsonb_build_object(
    'id', booking_id, 'name', clean_name, 'email', clean_email, 'date', to_char(local_start, 'YYYY-MM-DD'),
    'time', to_char(local_start, 'FMHH12:MI AM'), 'message', clean_message, 'guests', to_jsonb(clean_guests),
    'timezone', zone,
    'timestamp', to_char(coalesce(book_slot.submitted_at, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
  insert into public.booking_deliveries (booking_id, body) values (booking_id, body) returning id into delivery_id;
  return jsonb_build_object('id', booking_id, 'token', token, 'delivery', jsonb_build_object('id', delivery_id, 'body', body));
end;
$$;

-- As before, and the cancellation joins the outbox.
create or replace function public.cancel_booking(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.bookings;
  body jsonb;
  delivery_id uuid;
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
  body := jsonb_build_object('type', 'cancelled', 'id', target.id);
  insert into public.booking_deliveries (booking_id, body) values (target.id, body) returning id into delivery_id;
  return jsonb_build_object('id', target.id, 'delivery', jsonb_build_object('id', delivery_id, 'body', body));
end;
$$;

-- Up to max_count deliveries whose time has come, oldest first, each leased for two minutes so two runs do not
-- both send it: [{ id, body }].
create function public.booking_deliveries_due(max_count integer default 10)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  with due as (
    select d.id from public.booking_deliveries d
    where d.delivered_at is null and d.next_attempt_at <= now()
    order by d.created_at
    limit greatest(least(coalesce(max_count, 10), 100), 0)
    for update skip locked
  ), leased as (
    update public.booking_deliveries d set next_attempt_at = now() + interval '2 minutes'
    from due where d.id = due.id
    returning d.id, d.body, d.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'body', l.body) order by l.created_at), '[]'::jsonb) from leased l
$$;

-- The outcome of a delivery: done, or tried once more and due again after a back-off (2^attempts minutes, at most 6 h).
create function public.booking_delivery_settled(delivery uuid, delivered boolean)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  update public.booking_deliveries d set
    attempts = d.attempts + 1,
    delivered_at = case when delivered then now() end,
    next_attempt_at = case when delivered then d.next_attempt_at
                           else now() + least(interval '1 minute' * power(2, d.attempts), interval '6 hours') end
  where d.id = delivery and d.delivered_at is null
  returning jsonb_build_object('id', d.id, 'attempts', d.attempts)
$$;

revoke execute on function public.book_slot(text, text, timestamptz, text, text[], timestamptz, text) from public, anon, authenticated;
revoke execute on function public.cancel_booking(text) from public, anon, authenticated;
revoke execute on function public.booking_deliveries_due(integer) from public, anon, authenticated;
revoke execute on function public.booking_delivery_settled(uuid, boolean) from public, anon, authenticated;
grant execute on function public.book_slot(text, text, timestamptz, text, text[], timestamptz, text) to service_role;
grant execute on function public.cancel_booking(text) to service_role;
grant execute on function public.booking_deliveries_due(integer) to service_role;
grant execute on function public.booking_delivery_settled(uuid, boolean) to service_role;
