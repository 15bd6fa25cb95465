-- apply_changes: the browser's outbox (issue 19) sends its waiting changes to the workspace tables in one request.
-- Sending a message changes a messages row and its conversation (updated_at, title): one call, one write.
--
--   changes: a JSON array of at most 500 operations, applied in order:
--     { "table": "<workspace table>", "op": "upsert", "row": { <column>: <value>, ... } }
--     { "table": "<workspace table>", "op": "delete", "key": { <key column>: <value>, ... } }
--   returns: a JSON array, one entry per operation, in order: { "ok": true } or
--     { "ok": false, "code": <SQLSTATE>, "message": <error message> }.
--   The call itself fails only when changes is not an array (22023) or has more than 500 operations (PT413,
--   which PostgREST answers with HTTP 413).
--
-- Decisions:
-- - Security invoker: grants, row-level security and the tables' triggers decide exactly as for the same statements
--   sent directly. owner_id is left to its default (auth.uid()); a row naming another owner is refused by the insert
--   policy (42501), and owner_id is never in an update's set list. Execute is for authenticated only.
-- - Retries: a change may be sent again (a lost response, a 5xx), so every operation is idempotent. An upsert sets
--   the row to what it names; a delete of a missing row deletes nothing and is ok. An upsert older than the stored
--   row is skipped by workspace_guard_update (last write wins): that is ok, not an error.
-- - An upsert changes only the columns the row names: a new row takes the defaults of the others, a stored row keeps
--   their values. It is one insert ... on conflict do update, as supabase-js sends it, of the row merged over the
--   caller's stored row (Postgres checks not-null on the proposed insert even when it ends in an update: a status
--   change of a case alone would fail for want of its title), whose set list is only the row's own columns. Keys, owner_id and
--   created_at are never updated; tsv is generated.
-- - Each operation runs in its own subtransaction: a refused one (a check, a foreign key, RLS, an unknown table or
--   column) is reported in its entry and undoes only itself; the others still apply. One bad change never blocks
--   the outbox, and the browser decides per change what to keep.
-- - Identifiers come from a fixed list of tables and from the table's own columns in pg_attribute (anything else is
--   refused), and are quoted with format('%I'); values are passed as one jsonb parameter, never as SQL text.
-- - A delete names exactly the row's key (besides owner_id), so it removes at most one row, and only the caller's.
create function public.apply_changes(changes jsonb)
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
begin
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
      -- Each table's key besides owner_id (null: not a workspace table).
      key_columns := case target
        when 'conversations' then array['id']
        when 'messages' then array['conversation_id', 'id']
        when 'knowledge_items' then array['id']
        when 'cases' then array['id']
        when 'documents' then array['id']
        when 'document_pages' then array['document_id', 'page_number']
        when 'preferences' then array[]::text[]
      end;
      if key_columns is null then
        raise exception 'unknown table: %', coalesce(target, '(none)') using errcode = '42P01';
      end if;
      -- The primary key is (owner_id, <key columns>): the conflict target, and the row's match (k is the change's).
      conflict_list := (select string_agg(format('%I', c), ', ') from unnest(array['owner_id'] || key_columns) as c);
      key_match := coalesce((select string_agg(format(' and t.%I = k.%I', c, c), '') from unnest(key_columns) as c), '');

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

        -- The caller's stored row with this key, if any, locked until the call ends (a concurrent delete waits
        -- rather than see it brought back with the values read here). The row is merged over it: an insert must name
        -- every not-null column even when it ends in an update.
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

      results := results || jsonb_build_array(jsonb_build_object('ok', true));
    exception when others then
      results := results || jsonb_build_array(jsonb_build_object('ok', false, 'code', sqlstate, 'message', sqlerrm));
    end;
  end loop;
  return results;
end;
$$;

comment on function public.apply_changes(jsonb) is 'Applies a batch of the workspace outbox''s upserts and deletes, each on its own; returns one { ok } per change.';

-- Supabase's default privileges grant new functions to anon and authenticated: only a signed-in user may call it.
revoke execute on function public.apply_changes(jsonb) from public, anon;
grant execute on function public.apply_changes(jsonb) to authenticated;
