-- The outbox carries a firm's shared rows (issue 33, after 20251129000000_firms.sql): apply_changes
-- (20251127000300_sync_clock_and_owner.sql) takes a change that names the row's owner_id, a colleague's case, document
-- or Internal knowledge item that the caller reads (src/lib/sync/tables.ts sends it). For such a row:
-- - an upsert is an update of the stored row (never an insert in someone else's name), skipped as before when the
--   stored row is newer; one the caller reads no such row for is an insert, which the insert policy refuses (42501);
-- - a delete's key may name owner_id too, and deletes what the delete policies allow.
-- Rows without owner_id are the caller's own, exactly as before. The function is changed where it stands (its text
-- is not restated): the four places below, each of which must be found once.
do $$
declare
  definition text := pg_get_functiondef('public.apply_changes(jsonb, uuid)'::regprocedure);
  edits text[][] := array[
    -- The stored row: the one the change names, or the caller's.
    array[
      $a$'where t.owner_id = (select auth.uid())%s for update of t'$a$,
      $a$'where t.owner_id = coalesce(k.owner_id, (select auth.uid()))%s for update of t'$a$
    ],
    -- A colleague's row is updated, never inserted.
    array[
      $a$if column_list is null then$a$,
      $a$if stored is not null and payload ? 'owner_id' and payload ->> 'owner_id' is distinct from (select auth.uid())::text then
          if set_list is not null then
            execute format(
              'update public.%I as t set %s from pg_catalog.jsonb_populate_record(null::public.%I, $1) as k '
              'where t.owner_id = k.owner_id%s',
              target, replace(set_list, 'excluded.', 'k.'), target, key_match
            ) using merged;
            get diagnostics written = row_count;
            skipped := written = 0;
          end if;
        elsif column_list is null then$a$
    ],
    -- A delete's key may name owner_id besides the table's key.
    array[
      $a$if (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(payload) as k)$a$,
      $a$if (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(payload) as k where k <> 'owner_id')$a$
    ],
    array[
      $a$'delete from public.%I as t using pg_catalog.jsonb_populate_record(null::public.%I, $1) as k where t.owner_id = (select auth.uid())%s'$a$,
      $a$'delete from public.%I as t using pg_catalog.jsonb_populate_record(null::public.%I, $1) as k where t.owner_id = coalesce(k.owner_id, (select auth.uid()))%s'$a$
    ]
  ];
  i integer;
begin
  for i in 1 .. array_length(edits, 1) loop
    if (length(definition) - length(replace(definition, edits[i][1], ''))) / length(edits[i][1]) <> 1 then
      raise exception 'apply_changes does not have exactly one %', edits[i][1];
    end if;
    definition := replace(definition, edits[i][1], edits[i][2]);
  end loop;
  execute definition;
end;
$$;
