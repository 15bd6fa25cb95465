-- Pages, originals and documents follow the firm, and the walls are strict (issue 43, items 2, 3 and 4; after
-- 20251129000000_firms.sql).
--
-- - Strict walls: a document is read (and so changed) by whoever reads its case, in its firm. Its uploader no longer
--   keeps it past a wall: walled out of a case, they lose its documents, their own uploads included. A document whose
--   case is gone (deleted, or not yet sent) is still read by its uploader while in its firm.
-- - document_pages: written (insert, update, delete) only by the document's uploader, and only while the document is
--   in their firm and open to them. A removed or walled-out uploader writes no page of a document the firm kept.
-- - Originals: access keys on the document the file's folder names ('<owner id>/<document id>/<file>'), not on the
--   exact path. The file of an existing document is read and replaced by whoever reads it (replaced: its uploader
--   alone, in their own folder), and deleted by whoever may delete the document (its uploader, or an admin who reads
--   it). A file whose document is gone is read by no one: a deleted document leaves a tombstone
--   (public.documents_deleted). A file no document names yet (an upload before its row is sent) is its folder
--   owner's, as before.
-- - Moving a document into another case (a change of case_owner_id or case_id) is done only by its uploader or an
--   admin of its firm, for a direct update and for apply_changes alike (a trigger, so no path around it); the target
--   must be a case they read, as before.

-- Whether a case exists at all, past row-level security (a walled case is invisible to the walled-out, and must not
-- look deleted to them).
create function public.case_exists(case_owner uuid, case_key text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.cases as c where c.owner_id = case_owner and c.id = case_key)
$$;

-- Whether the caller reads (and so may change) a document, from its row: it is in their firm, and they read its case,
-- or it is theirs and its case is gone. The one rule of the documents policies and of can_read_document.
create function public.document_is_open(firm uuid, doc_owner uuid, case_owner uuid, case_key text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select firm = public.current_firm()
    and (
      public.can_read_case(case_owner, case_key)
      or (doc_owner = (select auth.uid()) and not public.case_exists(case_owner, case_key))
    )
$$;

-- Whether the caller reads (and so may change) the document (owner, id): document_is_open's rule in one query, since
-- every page written asks it (a document's sample pages, a re-index).
create function public.can_read_document(doc_owner uuid, doc_key text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.documents as d
    join public.firm_members as m on m.user_id = (select auth.uid()) and m.firm_id = d.firm_id
    left join public.cases as c on c.owner_id = d.case_owner_id and c.id = d.case_id
    where d.owner_id = doc_owner
      and d.id = doc_key
      and (
        (c.id is null and d.owner_id = m.user_id)
        or (
          c.firm_id = m.firm_id
          and (
            c.sharing = 'firm'
            or c.owner_id = m.user_id
            or exists (select 1 from public.case_members as cm where cm.case_owner_id = c.owner_id and cm.case_id = c.id and cm.user_id = m.user_id)
          )
        )
      )
  )
$$;

revoke execute on function public.case_exists(uuid, text) from public, anon;
revoke execute on function public.document_is_open(uuid, uuid, uuid, text) from public, anon;
revoke execute on function public.can_read_document(uuid, text) from public, anon;
grant execute on function public.case_exists(uuid, text) to authenticated;
grant execute on function public.document_is_open(uuid, uuid, uuid, text) to authenticated;
grant execute on function public.can_read_document(uuid, text) to authenticated;

-- documents: strict walls. (A new row's firm_id is already its owner's, the caller's: documents_stamp ran.)
drop policy "Members read the documents open to them" on public.documents;
drop policy "Users add documents to cases open to them" on public.documents;
drop policy "Members change the documents open to them" on public.documents;
drop policy "Uploaders and admins delete documents" on public.documents;
create policy "Members read the documents open to them" on public.documents for select to authenticated
  using (public.document_is_open(firm_id, owner_id, case_owner_id, case_id));
create policy "Users add documents to cases open to them" on public.documents for insert to authenticated
  with check ((select auth.uid()) = owner_id and public.document_is_open(firm_id, owner_id, case_owner_id, case_id));
create policy "Members change the documents open to them" on public.documents for update to authenticated
  using (public.document_is_open(firm_id, owner_id, case_owner_id, case_id))
  with check (public.document_is_open(firm_id, owner_id, case_owner_id, case_id));
create policy "Uploaders and admins delete documents" on public.documents for delete to authenticated
  using (
    public.document_is_open(firm_id, owner_id, case_owner_id, case_id)
    and (owner_id = (select auth.uid()) or (select public.is_firm_admin()))
  );

-- Only the uploader or an admin moves a document into another case. Named documents_mover so it runs after
-- documents_case_owner (which fills case_owner_id in) and documents_guard (a skipped update stops there).
create function public.documents_mover()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (new.case_owner_id, new.case_id) is distinct from (old.case_owner_id, old.case_id)
     and (select auth.uid()) is not null
     and current_setting('app.moving_firm', true) is distinct from 'on'
     and not (old.owner_id = (select auth.uid()) or public.is_firm_admin()) then
    raise exception 'permission denied: only the document''s uploader or an admin moves it to another case'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke execute on function public.documents_mover() from public, anon, authenticated;

create trigger documents_mover before update on public.documents
  for each row execute function public.documents_mover();

-- document_pages: written by the document's uploader, while the document is in their firm and open to them.
drop policy "Users add rows of their own" on public.document_pages;
drop policy "Users change their own rows" on public.document_pages;
drop policy "Users delete their own rows" on public.document_pages;
create policy "Uploaders add pages to their documents open to them" on public.document_pages for insert to authenticated
  with check ((select auth.uid()) = owner_id and (select public.can_read_document(owner_id, document_id)));
create policy "Uploaders change pages of their documents open to them" on public.document_pages for update to authenticated
  using ((select auth.uid()) = owner_id and (select public.can_read_document(owner_id, document_id)))
  with check ((select auth.uid()) = owner_id and (select public.can_read_document(owner_id, document_id)));
create policy "Uploaders delete pages of their documents open to them" on public.document_pages for delete to authenticated
  using ((select auth.uid()) = owner_id and (select public.can_read_document(owner_id, document_id)));

-- Tombstones: which documents were deleted, and by whom, so their files are read by no one. Nobody reads or writes the
-- table through the API; the triggers and the file functions below do.
create table public.documents_deleted (
  owner_id uuid not null,
  id text not null,
  deleted_by uuid,
  deleted_at timestamptz not null default now(),
  primary key (owner_id, id)
);

comment on table public.documents_deleted is 'Deleted documents (owner, id, who deleted them): their originals are read by no one.';

alter table public.documents_deleted enable row level security;
revoke all on table public.documents_deleted from public, anon, authenticated;

create function public.documents_tombstone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    insert into public.documents_deleted (owner_id, id, deleted_by) values (old.owner_id, old.id, (select auth.uid()))
    on conflict (owner_id, id) do update set deleted_by = excluded.deleted_by, deleted_at = now();
    return old;
  end if;
  -- A document made again under its id (a sync that restores it) is no longer gone.
  delete from public.documents_deleted as t where t.owner_id = new.owner_id and t.id = new.id;
  return new;
end;
$$;

revoke execute on function public.documents_tombstone() from public, anon, authenticated;

create trigger documents_tombstone after insert or delete on public.documents
  for each row execute function public.documents_tombstone();

-- The document a file's folder names: '<owner id>/<document id>/<file name>' gives (owner id, document id), or nulls.
create function public.file_document(object_name text, out doc_owner uuid, out doc_key text)
language sql
immutable
set search_path = ''
as $$
  select
    case when f[1] ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then f[1]::uuid end,
    f[2]
  from (select storage.foldername(object_name) as f) as parts
$$;

revoke execute on function public.file_document(text) from public, anon;
grant execute on function public.file_document(text) to authenticated;

-- Whether the caller reads a file of the documents bucket: the file of an existing document by whoever reads that
-- document; of a deleted document by no one; of none yet by the owner of its folder.
create or replace function public.can_read_file(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from public.documents as d where d.owner_id = f.doc_owner and d.id = f.doc_key)
      then public.can_read_document(f.doc_owner, f.doc_key)
    when exists (select 1 from public.documents_deleted as t where t.owner_id = f.doc_owner and t.id = f.doc_key)
      then false
    else (storage.foldername(object_name))[1] = (select auth.uid())::text
  end
  from public.file_document(object_name) as f
$$;

-- Whether the caller deletes a file of the documents bucket: the file of an existing document by whoever may delete
-- that document (its uploader, or an admin, reading it); of none yet by the owner of its folder; of a deleted document
-- by no one through the API (it is read by no one, and a delete sees only what its caller reads), which is why the
-- browser removes a document's original before its row.
create function public.can_delete_file(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from public.documents as d where d.owner_id = f.doc_owner and d.id = f.doc_key)
      then public.can_read_document(f.doc_owner, f.doc_key)
        and (f.doc_owner = (select auth.uid()) or public.is_firm_admin())
    when exists (select 1 from public.documents_deleted as t where t.owner_id = f.doc_owner and t.id = f.doc_key)
      then false
    else (storage.foldername(object_name))[1] = (select auth.uid())::text
  end
  from public.file_document(object_name) as f
$$;

revoke execute on function public.can_delete_file(text) from public, anon;
grant execute on function public.can_delete_file(text) to authenticated;

-- Uploads and replacements: into the caller's own folder, and only for a document they read (or none yet).
drop policy "Users upload files into their own folder" on storage.objects;
drop policy "Users replace their own documents' files" on storage.objects;
drop policy "Users delete their own documents' files" on storage.objects;

create policy "Users upload files into their own folder"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and cardinality(storage.foldername(name)) = 2
    and (select public.can_read_file(name))
  );

create policy "Users replace their own documents' files"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text and (select public.can_read_file(name)))
  with check (
    bucket_id = 'documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and cardinality(storage.foldername(name)) = 2
    and (select public.can_read_file(name))
  );

create policy "Who may delete a document deletes its file"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'documents' and (select public.can_delete_file(name)));
