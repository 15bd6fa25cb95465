-- The sync's two guards (issue 31, items 9 and 10): the server's clock bounds updated_at, and a batch names its owner.
--
-- 1. updated_at is the edit's time on its device (last write wins per record). Unbounded, a device whose clock runs
--    ahead, or a row sent with 'infinity', won forever: every later edit from every other device was skipped by
--    workspace_guard_update while apply_changes reported it applied. Now:
--    - sync_clamp_updated_at(), a trigger before insert or update on every synced table with an updated_at, stores
--      at most the server's clock (now()) plus sync_clock_leeway() (5 minutes, the one constant: devices' clocks
--      differ a little, and an honest edit keeps its own time). It is named <table>_clock, so it runs before
--      <table>_guard (triggers of one event fire in name order) and the guard compares the clamped time. Rows
--      already stored beyond the bound are brought back to it here, once.
--    - apply_changes answers { "ok": true, "skipped": true } for an upsert that changed nothing because the stored
--      row is newer: not an error, and not retried, but no longer said to be applied (the browser reads the server
--      again to show the winning version).
-- 2. Tab 2 signs in as B while tab 1 still holds A's waiting changes: for a moment, tab 1's sender could send them
--    with B's token, and they became B's rows. apply_changes(changes, expected_owner) now takes the user the outbox
--    belongs to and refuses the whole batch, before any change, when the caller is anyone else: SQLSTATE 28000
--    (invalid_authorization_specification; PostgREST answers 403), which the browser tells from every other refusal
--    and answers by keeping the changes for their owner. The one-argument apply_changes is dropped, so no client
--    can send a batch without naming its owner.
--
-- Adding a synced table later (a review grid's reviews and review_cells will follow) takes, besides the table with
-- its row-level security and its <table>_guard trigger:
-- - `create or replace function public.sync_table_keys` with one more `when` line (the table's key besides
--   owner_id): apply_changes reads its keys from there and needs no change;
-- - `create trigger <table>_clock before insert or update on public.<table> for each row execute function
--   public.sync_clamp_updated_at();` when the table has an updated_at.

-- How far ahead of the server's clock an updated_at may be: the one place to change it.
create function public.sync_clock_leeway()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '5 minutes'
$$;

comment on function public.sync_clock_leeway() is 'How far ahead of the server''s clock a synced row''s updated_at may be stored.';

-- Clamps a synced row's updated_at to no later than the server's clock plus the leeway.
create function public.sync_clamp_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := least(new.updated_at, now() + public.sync_clock_leeway());
  return new;
end;
$$;

comment on function public.sync_clamp_updated_at() is 'Trigger: a synced row''s updated_at is at most now() + sync_clock_leeway().';

-- Each synced table's key besides owner_id, in key order; null for any other name (apply_changes refuses it).
create function public.sync_table_keys(t text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case t
    when 'conversations' then array['id']
    when 'messages' then array['conversation_id', 'id']
    when 'knowledge_items' then array['id']
    when 'cases' then array['id']
    when 'documents' then array['id']
    when 'document_pages' then array['document_id', 'page_number']
    when 'preferences' then array[]::text[]
  end
$$;

comment on function public.sync_table_keys(text) is 'The synced tables and their keys besides owner_id: the tables apply_changes may write.';

-- Triggers fire without the execute privilege; the API roles need none of these (apply_changes is security invoker
-- and calls sync_table_keys as the caller, so authenticated keeps execute on that one).
revoke execute on function public.sync_clock_leeway() from public, anon;
revoke execute on function public.sync_clamp_updated_at() from public, anon, authenticated;
revoke execute on function public.sync_table_keys(text) from public, anon;
grant execute on function public.sync_clock_leeway() to authenticated;
grant execute on function public.sync_table_keys(text) to authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['conversations', 'messages', 'knowledge_items', 'cases', 'documents', 'preferences'] loop
    -- Rows already stored in the future are brought back to the bound; the guard would skip this update (older than
    -- the stored row), so it is held off for the statement.
    execute format('alter table public.%I disable trigger %I', t, t || '_guard');
    execute format('update public.%I set updated_at = now() + public.sync_clock_leeway() where updated_at > now() + public.sync_clock_leeway()', t);
    execute format('alter table public.%I enable trigger %I', t, t || '_guard');
    execute format(
      'create trigger %I before insert or update on public.%I for each row execute function public.sync_clamp_updated_at()',
      t || '_clock', t
    );
  end loop;
end;
$$;

drop function public.apply_changes(jsonb);

-- As 20250302000000_workspace_changes.sql describes (security invoker, each change in its own subtransaction,
-- idempotent, 500 at most, identifiers from a fixed list and pg_attribute, values as one jsonb parameter), and:
--   expected_owner: the user whose changes these are; any other caller (or none) is refused with 28000, nothing
--   applied. results: { "ok": true }, { "ok": true, "skipped": true } (an upsert older than the stored row), or
--   { "ok": false, "code": <SQLSTATE>, "message": <error message> }.
create function public.apply_changes(changes jsonb, expected_owner uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  change jsonb;
  results jsonb := '[]'::jsonb;
  target text;
  key_columns text[];
  payload jsonb;
  named text[];
  existing text[];
  writable text[];
  refused text;
  column_list text;
  set_list text;
  conflict_list text;
  key_match text;
  stored jsonb;
  merged jsonb;
  written bigint;
  skipped boolean;
begin
  if expected_owner is null or expected_owner is distinct from (select auth.uid()) then
    raise exception 'these changes belong to another user: sign in as them to send them' using errcode = '28000';
  end if;
  if jsonb_typeof(changes) is distinct from 'array' then
    raise exception 'changes must be a JSON array of operations' using errcode = '22023';
  end if;
  if jsonb_array_length(changes) > 500 then
    raise exception 'too many changes: % (at most 500 a call)', jsonb_array_length(changes) using errcode = 'PT413';
  end if;

  for change in select c.value from jsonb_array_elements(changes) with ordinality as c (value, n) order by c.n loop
    begin
      if jsonb_typeof(change) is distinct from 'object' then
        raise exception 'a change must be a JSON object' using errcode = '22023';
      end if;
      target := change ->> 'table';
      key_columns := public.sync_table_keys(target);
      if key_columns is null then
        raise exception 'unknown table: %', coalesce(target, '(none)') using errcode = '42P01';
      end if;
      -- The primary key is (owner_id, <key columns>): the conflict target, and the row's match (k is the change's).
      conflict_list := (select string_agg(format('%I', c), ', ') from unnest(array['owner_id'] || key_columns) as c);
      key_match := coalesce((select string_agg(format(' and t.%I = k.%I', c, c), '') from unnest(key_columns) as c), '');
      skipped := false;

      if change ->> 'op' = 'upsert' then
        payload := change -> 'row';
        if jsonb_typeof(payload) is distinct from 'object' then
          raise exception 'an upsert of % needs a row (a JSON object)', target using errcode = '22023';
        end if;
        select coalesce(array_agg(a.attname::text), '{}'), coalesce(array_agg(a.attname::text) filter (where a.attgenerated = ''), '{}')
          into existing, writable
          from pg_catalog.pg_attribute as a
          where a.attrelid = format('public.%I', target)::regclass and a.attnum > 0 and not a.attisdropped;
        select coalesce(array_agg(k order by k), '{}') into named from jsonb_object_keys(payload) as k;
        refused := (select string_agg(k, ', ') from unnest(named) as k where k <> all (existing));
        if refused is not null then
          raise exception 'no column % in %', refused, target using errcode = '42703';
        end if;
        -- tsv is computed by Postgres from the page's text.
        refused := (select string_agg(k, ', ') from unnest(named) as k where k <> all (writable));
        if refused is not null then
          raise exception 'column % of % is generated and cannot be written', refused, target using errcode = '428C9';
        end if;

        -- The caller's stored row with this key, if any, locked until the call ends; the row is merged over it (an
        -- insert must name every not-null column even when it ends in an update).
        execute format(
          'select to_jsonb(t) from public.%I as t, pg_catalog.jsonb_populate_record(null::public.%I, $1) as k '
          'where t.owner_id = (select auth.uid())%s for update of t',
          target, target, key_match
        ) into stored using payload;
        merged := coalesce(stored, '{}') || payload;
        column_list := (select string_agg(format('%I', k), ', ') from jsonb_object_keys(merged) as k where k = any (writable));
        set_list := (
          select string_agg(format('%I = excluded.%I', k, k), ', ')
          from unnest(named) as k
          where k <> all (array['owner_id', 'created_at'] || key_columns)
        );
        if column_list is null then
          -- Preferences from nothing (its key is owner_id alone): the row with every default, if there is none.
          execute format('insert into public.%I default values on conflict (%s) do nothing', target, conflict_list);
        else
          execute format(
            'insert into public.%I (%s) select %s from pg_catalog.jsonb_populate_record(null::public.%I, $1) '
            'on conflict (%s) do %s',
            target, column_list, column_list, target, conflict_list, coalesce('update set ' || set_list, 'nothing')
          ) using merged;
          -- An update the guard skipped (the stored row is newer) writes no row; 'do nothing' never meant to write one.
          get diagnostics written = row_count;
          skipped := written = 0 and stored is not null and set_list is not null;
        end if;

      elsif change ->> 'op' = 'delete' then
        payload := change -> 'key';
        if jsonb_typeof(payload) is distinct from 'object' then
          raise exception 'a delete of % needs a key (a JSON object)', target using errcode = '22023';
        end if;
        if (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(payload) as k)
           is distinct from (select coalesce(array_agg(k order by k), '{}') from unnest(key_columns) as k) then
          raise exception 'the key of % is (%)', target, array_to_string(key_columns, ', ') using errcode = '22023';
        end if;
        execute format(
          'delete from public.%I as t using pg_catalog.jsonb_populate_record(null::public.%I, $1) as k where t.owner_id = (select auth.uid())%s',
          target, target, key_match
        ) using payload;

      else
        raise exception 'unknown op: % (upsert or delete)', coalesce(change ->> 'op', '(none)') using errcode = '22023';
      end if;

      results := results || jsonb_build_array(
        case when skipped then jsonb_build_object('ok', true, 'skipped', true) else jsonb_build_object('ok', true) end
      );
    exception when others then
      results := results || jsonb_build_array(jsonb_build_object('ok', false, 'code', sqlstate, 'message', sqlerrm));
    end;
  end loop;
  return results;
end;
$$;

comment on function public.apply_changes(jsonb, uuid) is 'Applies a batch of the workspace outbox''s upserts and deletes, each on its own, for expected_owner only; returns one { ok[, skipped] } per change.';

-- Supabase's default privileges grant new functions to anon and authenticated: only a signed-in user may call it.
revoke execute on function public.apply_changes(jsonb, uuid) from public, anon;
grant execute on function public.apply_changes(jsonb, uuid) to authenticated;
