-- The day cap counts live bookings only (issue 43, item 5).
--
-- book_slot's cap of per_day new bookings a day (20 by default) for the whole calendar counted cancelled bookings
-- too: one client could book 20 slots and cancel them all (the client limit slows this, not a client that changes
-- networks), and online booking was closed for every visitor until midnight in Nicosia. Now a booking counts
-- towards the day only while it is confirmed. Everything else in book_slot is as 20251127000100_booking_limits.sql
-- left it; the per-client hourly limit still counts cancelled bookings, so booking-and-cancelling stays slowed per
-- client. `create or replace` keeps the function's grants (the service role only).

create or replace function public.book_slot(
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
  -- Live bookings only: a cancelled one frees its place, so booking and cancelling cannot close the day for everyone.
  if (select count(*) from public.bookings b
      where b.status = 'confirmed'
        and b.created_at >= date_trunc('day', now() at time zone zone) at time zone zone) >= settings.per_day then
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
