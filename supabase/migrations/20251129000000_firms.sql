-- The firm works together (issue 33): firms, their members and roles, invites, and cases shared with the firm or
-- walled to their members. Row-level security decides every read and write; the app decides nothing.
--
-- Decisions:
-- - A user belongs to one firm at a time (firm_members' key is the user). Signing up without an invite makes a firm of
--   one, with its new user as admin; accepting an invite moves the user, and the records of their firm of one, into
--   the inviting firm (an empty firm of one is then deleted). A removed member is given a new firm of one, empty.
-- - Records still belong to the user who made them (owner_id, part of every key), and each shared record also names
--   the firm it was made in (firm_id, set here, never by the app). The firm keeps a removed member's cases, documents
--   and Internal knowledge: they are the firm's. Their maker, now in another firm, reads none of them.
-- - Who sees what:
--   - cases: sharing 'firm' (Everyone in the firm) is read by every member of its firm; 'members' (Only its
--     members: an ethical wall) only by its creator and the users of case_members. The wall holds for admins too:
--     an admin is walled out of a case like anyone else. A new case row is walled to its creator unless it says
--     'firm', so a record sent without the field (the samples each user gets) is never shown to colleagues.
--   - documents, their pages and their original files: read by whoever reads the document's case (case_owner_id,
--     case_id), and always by their uploader while in the firm (a document whose case was deleted stays).
--   - knowledge_items: Internal is read by the whole firm; Laws and Judgments by their owner alone.
--   - conversations, messages, preferences, reviews, review_cells: their owner's alone, as before (a conversation
--     has no case; its citations open only what its reader may read).
-- - Who changes what: members change what they can read (last write wins, as before); only a case's creator or an
--   admin deletes a case or changes its sharing and members; a document is deleted by its uploader or an admin;
--   pages and originals are written by their uploader. Admins invite, change roles and remove members; the last admin
--   cannot leave or be demoted. Firm name and address are changed by admins.
-- - updated_by: who last changed a shared record (cases, documents, knowledge_items), set here from the caller.
-- - cases.members: a new case row keeps the count it is sent with (a new case's 1; a sample's own), and from then
--   on only its members change it: adding or removing one counts the creator plus the other users of case_members.
--   An edit of the case never does.
-- - Invites: the token is made here (two random UUIDs' hex, 244 random bits), returned once to the admin who asked,
--   and only its SHA-256 is kept. A link is used once, expires after 7 days, and can be revoked; invite_status tells
--   which, to anyone holding the token (it says the firm's name and the e-mail it is for, nothing else). Accepting
--   needs a signed-in user whose e-mail is the invite's.
-- - Security definer functions (their empty search_path keeps them from being hijacked) answer "which firm am I in",
--   "is this case readable", so the policies never consult one another's tables in a circle.

create table public.firms (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '\S' and char_length(name) <= 200),
  address text not null default '' check (char_length(address) <= 500),
  plan text not null default 'Professional' check (plan ~ '\S' and char_length(plan) <= 100),
  seats integer not null default 5 check (seats between 1 and 10000),
  created_at timestamptz not null default now()
);

comment on table public.firms is 'Law firms: what Settings shows under Firm Information. Admins change name and address.';

create table public.firm_members (
  user_id uuid primary key references auth.users (id) on delete cascade,
  firm_id uuid not null references public.firms (id) on delete cascade,
  role text not null default 'member' check (role in ('admin', 'member')),
  joined_at timestamptz not null default now()
);

comment on table public.firm_members is 'Who is in which firm (one firm a user), as admin or member.';

create index firm_members_firm on public.firm_members (firm_id);

create table public.firm_invites (
  id uuid primary key default gen_random_uuid(),
  firm_id uuid not null references public.firms (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  role text not null default 'member' check (role in ('admin', 'member')),
  token_sha256 text not null unique check (token_sha256 ~ '^[0-9a-f]{64}$'),
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz
);

comment on table public.firm_invites is 'Invites to a firm by e-mail and role; only the SHA-256 of the link''s token is kept.';

create index firm_invites_firm on public.firm_invites (firm_id);

-- The firm a shared record was made in, who last changed it, and how a case is shared.
alter table public.cases
  add column firm_id uuid references public.firms (id) on delete cascade,
  add column sharing text not null default 'members' check (sharing in ('firm', 'members')),
  add column updated_by uuid references auth.users (id) on delete set null;
alter table public.documents
  add column firm_id uuid references public.firms (id) on delete cascade,
  -- The owner of the document's case (its key is (owner_id, id)); the uploader's own case unless it says otherwise.
  add column case_owner_id uuid references auth.users (id) on delete set null,
  add column updated_by uuid references auth.users (id) on delete set null;
alter table public.knowledge_items
  add column firm_id uuid references public.firms (id) on delete cascade,
  add column updated_by uuid references auth.users (id) on delete set null;

create index cases_firm on public.cases (firm_id);
create index documents_firm_case on public.documents (firm_id, case_owner_id, case_id);
create index knowledge_items_firm on public.knowledge_items (firm_id) where type = 'internal';

create table public.case_members (
  case_owner_id uuid not null,
  case_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  added_by uuid default auth.uid() references auth.users (id) on delete set null,
  added_at timestamptz not null default now(),
  primary key (case_owner_id, case_id, user_id),
  foreign key (case_owner_id, case_id) references public.cases (owner_id, id) on delete cascade
);

comment on table public.case_members is 'The members of a case besides its creator: who reads it when it is walled.';

create index case_members_user on public.case_members (user_id);

-- ---------------------------------------------------------------------------------------------------------------
-- The questions the policies ask, answered past row-level security (so no policy reads a table whose policy reads
-- it back). Each is about the caller (auth.uid()) only.

-- The caller's firm, or null (anon, or a user with none).
create function public.current_firm()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.firm_id from public.firm_members as m where m.user_id = (select auth.uid())
$$;

-- Whether the caller is an admin of their firm.
create function public.is_firm_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select m.role = 'admin' from public.firm_members as m where m.user_id = (select auth.uid())), false)
$$;

-- Whether the caller reads the case: it is in their firm, and it is firm-wide, theirs, or they are one of its members.
create function public.can_read_case(case_owner uuid, case_key text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.cases as c
    where c.owner_id = case_owner
      and c.id = case_key
      and c.firm_id = (select m.firm_id from public.firm_members as m where m.user_id = (select auth.uid()))
      and (
        c.sharing = 'firm'
        or c.owner_id = (select auth.uid())
        or exists (
          select 1 from public.case_members as cm
          where cm.case_owner_id = c.owner_id and cm.case_id = c.id and cm.user_id = (select auth.uid())
        )
      )
  )
$$;

-- Whether the caller may delete the case or change its sharing and members: they read it, and made it or are admin.
create function public.can_manage_case(case_owner uuid, case_key text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.can_read_case(case_owner, case_key)
    and (case_owner = (select auth.uid()) or public.is_firm_admin())
$$;

-- Whether a user is in the caller's firm.
create function public.in_my_firm(person uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.firm_members as m
    where m.user_id = person and m.firm_id = (select n.firm_id from public.firm_members as n where n.user_id = (select auth.uid()))
  )
$$;

revoke execute on function public.current_firm() from public, anon;
revoke execute on function public.is_firm_admin() from public, anon;
revoke execute on function public.can_read_case(uuid, text) from public, anon;
revoke execute on function public.can_manage_case(uuid, text) from public, anon;
revoke execute on function public.in_my_firm(uuid) from public, anon;
grant execute on function public.current_firm() to authenticated;
grant execute on function public.is_firm_admin() to authenticated;
grant execute on function public.can_read_case(uuid, text) to authenticated;
grant execute on function public.can_manage_case(uuid, text) to authenticated;
grant execute on function public.in_my_firm(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- Firms of one: every user has a firm. New users get theirs on sign-up (with the profile); users from before this
-- migration get theirs here, with their records.

-- Makes a firm of one for a user, as its admin; returns it. Named after the user when their name is known.
create function public.make_firm_of_one(person uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  made uuid;
  person_name text;
begin
  select nullif(trim(p.full_name), '') into person_name from public.profiles as p where p.id = person;
  insert into public.firms (name) values (left(coalesce(person_name || '''s firm', 'My firm'), 200)) returning id into made;
  insert into public.firm_members (user_id, firm_id, role) values (person, made, 'admin');
  return made;
end;
$$;

revoke execute on function public.make_firm_of_one(uuid) from public, anon, authenticated;

-- The firm of one of a new user, after their profile (on_auth_user_created, which this trigger's name sorts after).
create function public.handle_new_user_firm()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.make_firm_of_one(new.id);
  return new;
end;
$$;

revoke execute on function public.handle_new_user_firm() from public, anon, authenticated;

create trigger on_auth_user_created_firm
  after insert on auth.users
  for each row execute function public.handle_new_user_firm();

-- The profile's role is the firm's: kept in step with firm_members (the app reads profiles as before).
create function public.firm_members_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set role = new.role where id = new.user_id and role is distinct from new.role;
  return null;
end;
$$;

revoke execute on function public.firm_members_profile_role() from public, anon, authenticated;

create trigger firm_members_profile_role after insert or update of role on public.firm_members
  for each row execute function public.firm_members_profile_role();

do $$
declare
  person record;
  made uuid;
begin
  perform set_config('app.moving_firm', 'on', true);
  for person in select u.id from auth.users as u where not exists (select 1 from public.firm_members as m where m.user_id = u.id) loop
    made := public.make_firm_of_one(person.id);
    update public.cases set firm_id = made where owner_id = person.id;
    update public.documents set firm_id = made, case_owner_id = coalesce(case_owner_id, owner_id) where owner_id = person.id;
    update public.knowledge_items set firm_id = made where owner_id = person.id;
  end loop;
  perform set_config('app.moving_firm', '', true);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Stamps on the shared tables: the firm (on insert, the caller's; never changed after), who changed the record last,
-- and a case's member count. Named <table>_stamp, so they run after <table>_clock and <table>_guard (a skipped
-- update stops at the guard).

create function public.firm_stamp()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- accept_firm_invite bringing a firm of one's records, and this migration filling firm_id in.
  if current_setting('app.moving_firm', true) = 'on' then
    return new;
  end if;
  if tg_op = 'INSERT' then
    -- The firm of the row's owner (the caller, as the insert policies require; a seed made past them names its owner).
    new.firm_id := (select m.firm_id from public.firm_members as m where m.user_id = new.owner_id);
  else
    new.firm_id := old.firm_id;
  end if;
  new.updated_by := coalesce((select auth.uid()), new.updated_by);
  return new;
end;
$$;

revoke execute on function public.firm_stamp() from public, anon, authenticated;

create trigger cases_stamp before insert or update on public.cases
  for each row execute function public.firm_stamp();
create trigger documents_stamp before insert or update on public.documents
  for each row execute function public.firm_stamp();
create trigger knowledge_items_stamp before insert or update on public.knowledge_items
  for each row execute function public.firm_stamp();

-- A document names its case's owner; one that names none is in its uploader's own case.
create function public.documents_case_owner()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.case_owner_id := coalesce(new.case_owner_id, new.owner_id);
  return new;
end;
$$;

revoke execute on function public.documents_case_owner() from public, anon, authenticated;

create trigger documents_case_owner before insert or update on public.documents
  for each row execute function public.documents_case_owner();

-- A case's sharing is changed only by its creator or an admin; its member count only by its members changing.
create function public.cases_sharing_and_count()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.sharing is distinct from old.sharing
     and not (old.owner_id = (select auth.uid()) or public.is_firm_admin()) then
    raise exception 'permission denied: only the case''s creator or an admin changes who may read it' using errcode = '42501';
  end if;
  -- The count changes only when the case's members do (case_members_recount); an edit of the case keeps it.
  if tg_op = 'UPDATE' and current_setting('app.recounting', true) is distinct from 'on' then
    new.members := old.members;
  end if;
  return new;
end;
$$;

revoke execute on function public.cases_sharing_and_count() from public, anon, authenticated;

create trigger cases_stamp_members before insert or update on public.cases
  for each row execute function public.cases_sharing_and_count();

-- Adding or removing a case member recounts the case (past row-level security: the count is the case's own fact).
create function public.case_members_recount()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed record;
begin
  changed := coalesce(new, old);
  perform set_config('app.recounting', 'on', true);
  update public.cases as c
  set members = 1 + (
    select count(*) from public.case_members as cm
    where cm.case_owner_id = c.owner_id and cm.case_id = c.id and cm.user_id <> c.owner_id
  )
  where c.owner_id = changed.case_owner_id and c.id = changed.case_id;
  perform set_config('app.recounting', '', true);
  return null;
end;
$$;

revoke execute on function public.case_members_recount() from public, anon, authenticated;

create trigger case_members_recount after insert or delete on public.case_members
  for each row execute function public.case_members_recount();

-- ---------------------------------------------------------------------------------------------------------------
-- Policies. Every table keeps row-level security; the four per-owner policies of the shared tables are replaced.

-- firms: members read their firm; admins change its name and address.
alter table public.firms enable row level security;
revoke all on table public.firms from anon, authenticated;
grant select on table public.firms to authenticated;
grant update (name, address) on table public.firms to authenticated;
create policy "Members read their firm" on public.firms for select to authenticated
  using (id = (select public.current_firm()));
create policy "Admins change their firm" on public.firms for update to authenticated
  using (id = (select public.current_firm()) and (select public.is_firm_admin()))
  with check (id = (select public.current_firm()));

-- firm_members: members read their firm's list; admins change roles and remove members; a member may leave. Nobody
-- adds a row directly: sign-up and accept_firm_invite do.
alter table public.firm_members enable row level security;
revoke all on table public.firm_members from anon, authenticated;
grant select, delete on table public.firm_members to authenticated;
grant update (role) on table public.firm_members to authenticated;
create policy "Members read their firm's members" on public.firm_members for select to authenticated
  using (firm_id = (select public.current_firm()));
create policy "Admins change roles" on public.firm_members for update to authenticated
  using (firm_id = (select public.current_firm()) and (select public.is_firm_admin()))
  with check (firm_id = (select public.current_firm()));
create policy "Admins remove members, and members leave" on public.firm_members for delete to authenticated
  using (firm_id = (select public.current_firm()) and ((select public.is_firm_admin()) or user_id = (select auth.uid())));

-- The last admin stays: neither demoted nor removed, while others remain (a firm's last member may not leave it
-- either: they would only get a firm of one again).
create function public.firm_keeps_an_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'admin'
     and (tg_op = 'DELETE' or new.role <> 'admin')
     and not exists (
       select 1 from public.firm_members as m where m.firm_id = old.firm_id and m.role = 'admin' and m.user_id <> old.user_id
     )
     and exists (select 1 from auth.users as u where u.id = old.user_id)
     and current_setting('app.moving_member', true) is distinct from old.user_id::text then
    raise exception 'the last admin of a firm cannot leave it or stop being an admin: make another member admin first'
      using errcode = '42501';
  end if;
  return coalesce(new, old);
end;
$$;

revoke execute on function public.firm_keeps_an_admin() from public, anon, authenticated;

create trigger firm_members_keep_an_admin before update of role or delete on public.firm_members
  for each row execute function public.firm_keeps_an_admin();

-- A removed member (or one who left) gets a new firm of one at once; the firm keeps their records. Not when the user
-- is being deleted, nor when accept_firm_invite moves them.
create function public.firm_members_removed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from auth.users as u where u.id = old.user_id)
     and current_setting('app.moving_member', true) is distinct from old.user_id::text then
    perform public.make_firm_of_one(old.user_id);
  end if;
  -- They leave the walls of the cases of the firm they left.
  delete from public.case_members as cm
  using public.cases as c
  where cm.user_id = old.user_id and c.owner_id = cm.case_owner_id and c.id = cm.case_id and c.firm_id = old.firm_id;
  return null;
end;
$$;

revoke execute on function public.firm_members_removed() from public, anon, authenticated;

create trigger firm_members_removed after delete on public.firm_members
  for each row execute function public.firm_members_removed();

-- firm_invites: admins read their firm's invites (never the token's hash). They are made by create_firm_invite,
-- revoked by revoke_firm_invite and used by accept_firm_invite; nobody writes the table directly.
alter table public.firm_invites enable row level security;
revoke all on table public.firm_invites from anon, authenticated;
grant select (id, firm_id, email, role, invited_by, created_at, expires_at, accepted_at, accepted_by, revoked_at)
  on table public.firm_invites to authenticated;
create policy "Admins read their firm's invites" on public.firm_invites for select to authenticated
  using (firm_id = (select public.current_firm()) and (select public.is_firm_admin()));

-- profiles: colleagues read each other's name and role (initials on a case, who changed a record).
create policy "Members read their colleagues' profiles" on public.profiles for select to authenticated
  using ((select public.in_my_firm(id)));

-- cases
drop policy "Users read their own rows" on public.cases;
drop policy "Users add rows of their own" on public.cases;
drop policy "Users change their own rows" on public.cases;
drop policy "Users delete their own rows" on public.cases;
create policy "Members read the cases open to them" on public.cases for select to authenticated
  using (
    firm_id = (select public.current_firm())
    and (sharing = 'firm' or owner_id = (select auth.uid()) or (select public.can_read_case(owner_id, id)))
  );
create policy "Users add cases of their own" on public.cases for insert to authenticated
  with check ((select auth.uid()) = owner_id);
create policy "Members change the cases open to them" on public.cases for update to authenticated
  using (firm_id = (select public.current_firm()) and (select public.can_read_case(owner_id, id)))
  with check (
    firm_id = (select public.current_firm())
    and (owner_id = (select auth.uid()) or (select public.can_read_case(owner_id, id)))
  );
create policy "Creators and admins delete cases" on public.cases for delete to authenticated
  using ((select public.can_manage_case(owner_id, id)));

-- case_members: read with the case; changed by whoever manages it, and only with members of the same firm.
alter table public.case_members enable row level security;
revoke all on table public.case_members from anon, authenticated;
grant select, insert, delete on table public.case_members to authenticated;
create policy "Members read who is on the cases open to them" on public.case_members for select to authenticated
  using ((select public.can_read_case(case_owner_id, case_id)));
create policy "Creators and admins add case members" on public.case_members for insert to authenticated
  with check ((select public.can_manage_case(case_owner_id, case_id)) and (select public.in_my_firm(user_id)));
create policy "Creators and admins remove case members" on public.case_members for delete to authenticated
  using ((select public.can_manage_case(case_owner_id, case_id)));

-- documents
drop policy "Users read their own rows" on public.documents;
drop policy "Users add rows of their own" on public.documents;
drop policy "Users change their own rows" on public.documents;
drop policy "Users delete their own rows" on public.documents;
create policy "Members read the documents open to them" on public.documents for select to authenticated
  using (
    firm_id = (select public.current_firm())
    and (owner_id = (select auth.uid()) or (select public.can_read_case(case_owner_id, case_id)))
  );
create policy "Users add documents to cases open to them" on public.documents for insert to authenticated
  with check (
    (select auth.uid()) = owner_id
    and (case_owner_id = owner_id or (select public.can_read_case(case_owner_id, case_id)))
  );
create policy "Members change the documents open to them" on public.documents for update to authenticated
  using (
    firm_id = (select public.current_firm())
    and (owner_id = (select auth.uid()) or (select public.can_read_case(case_owner_id, case_id)))
  )
  with check (
    firm_id = (select public.current_firm())
    and (case_owner_id = owner_id or (select public.can_read_case(case_owner_id, case_id)))
  );
create policy "Uploaders and admins delete documents" on public.documents for delete to authenticated
  using (
    firm_id = (select public.current_firm())
    and (owner_id = (select auth.uid()) or ((select public.is_firm_admin()) and (select public.can_read_case(case_owner_id, case_id))))
  );

-- document_pages: read with their document (the documents policy decides); written by the uploader.
drop policy "Users read their own rows" on public.document_pages;
create policy "Members read the pages of documents open to them" on public.document_pages for select to authenticated
  using (exists (select 1 from public.documents as d where d.owner_id = document_pages.owner_id and d.id = document_pages.document_id));

-- knowledge_items: Internal is the firm's; Laws and Judgments their owner's.
drop policy "Users read their own rows" on public.knowledge_items;
drop policy "Users add rows of their own" on public.knowledge_items;
drop policy "Users change their own rows" on public.knowledge_items;
drop policy "Users delete their own rows" on public.knowledge_items;
create policy "Members read the firm's internal knowledge and their own" on public.knowledge_items for select to authenticated
  using (
    (type = 'internal' and firm_id = (select public.current_firm()))
    or (type <> 'internal' and owner_id = (select auth.uid()))
  );
create policy "Users add knowledge of their own" on public.knowledge_items for insert to authenticated
  with check ((select auth.uid()) = owner_id);
create policy "Members change the knowledge they read" on public.knowledge_items for update to authenticated
  using (
    (type = 'internal' and firm_id = (select public.current_firm()))
    or (type <> 'internal' and owner_id = (select auth.uid()))
  )
  with check (
    (type = 'internal' and firm_id = (select public.current_firm()))
    or (type <> 'internal' and owner_id = (select auth.uid()))
  );
create policy "Owners and admins delete knowledge" on public.knowledge_items for delete to authenticated
  using (
    (owner_id = (select auth.uid()) and (type <> 'internal' or firm_id = (select public.current_firm())))
    or (type = 'internal' and firm_id = (select public.current_firm()) and (select public.is_firm_admin()))
  );

-- Originals: read by whoever reads the document whose file it is (the documents policy decides, through this
-- subquery); uploaded, replaced and deleted in the uploader's own folder, as before.
drop policy "Users read their own documents' files" on storage.objects;
-- Whether the caller reads a file of the documents bucket: the file of a document is read by whoever reads that
-- document; a file no document names yet (an upload before its row says where it is) by the owner of its folder.
create function public.can_read_file(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from public.documents as d where d.storage_path = object_name) then exists (
      select 1 from public.documents as d
      where d.storage_path = object_name
        and d.firm_id = public.current_firm()
        and (d.owner_id = (select auth.uid()) or public.can_read_case(d.case_owner_id, d.case_id))
    )
    else (storage.foldername(object_name))[1] = (select auth.uid())::text
  end
$$;

revoke execute on function public.can_read_file(text) from public, anon;
grant execute on function public.can_read_file(text) to authenticated;

create policy "Members read the files of documents open to them"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'documents' and (select public.can_read_file(name)));

-- ---------------------------------------------------------------------------------------------------------------
-- Invites.

-- An invite token's SHA-256 in hex: what firm_invites keeps of it, and how a token presented later is found.
create function public.firm_invite_hash(token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex')
$$;

-- What an invite is: 'revoked', 'used', 'expired' (in that order), or 'valid'; 'unknown' when there is none.
create function public.firm_invite_state(invite public.firm_invites)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when invite.id is null then 'unknown'
    when invite.revoked_at is not null then 'revoked'
    when invite.accepted_at is not null then 'used'
    when invite.expires_at <= now() then 'expired'
    else 'valid'
  end
$$;

-- The security definer functions below call them as their owner; the API roles need neither.
revoke execute on function public.firm_invite_hash(text) from public, anon, authenticated;
revoke execute on function public.firm_invite_state(public.firm_invites) from public, anon, authenticated;

-- Makes an invite to the caller's firm (admins only) and returns its token, once: the link is /login#invite=<token>.
create function public.create_firm_invite(invitee_email text, invitee_role text default 'member')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  firm uuid := public.current_firm();
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  made public.firm_invites;
begin
  if firm is null or not public.is_firm_admin() then
    raise exception 'permission denied: only a firm''s admins invite' using errcode = '42501';
  end if;
  if exists (
    select 1 from public.firm_members as m join auth.users as u on u.id = m.user_id
    where m.firm_id = firm and lower(u.email) = lower(trim(invitee_email))
  ) then
    raise exception '% is already a member of the firm', trim(invitee_email) using errcode = '23505';
  end if;
  insert into public.firm_invites (firm_id, email, role, token_sha256, invited_by)
  values (firm, lower(trim(invitee_email)), coalesce(invitee_role, 'member'), public.firm_invite_hash(token), auth.uid())
  returning * into made;
  return jsonb_build_object('id', made.id, 'token', token, 'email', made.email, 'role', made.role, 'expires_at', made.expires_at);
end;
$$;

revoke execute on function public.create_firm_invite(text, text) from public, anon;
grant execute on function public.create_firm_invite(text, text) to authenticated;

-- Withdraws a pending invite of the caller's firm (admins only): its link then says it was revoked.
create function public.revoke_firm_invite(invite_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.firm_invites
  set revoked_at = now()
  where id = invite_id and firm_id = public.current_firm() and public.is_firm_admin() and accepted_at is null and revoked_at is null;
  if not found then
    raise exception 'permission denied: no pending invite of your firm to revoke (only admins revoke invites)' using errcode = '42501';
  end if;
end;
$$;

revoke execute on function public.revoke_firm_invite(uuid) from public, anon;
grant execute on function public.revoke_firm_invite(uuid) to authenticated;

-- What a link is: 'valid' (with the firm's name, the e-mail and role it is for), 'used', 'expired', 'revoked', or
-- 'unknown'. Anyone holding the token may ask (the login page asks before sign-in).
create function public.firm_invite_status(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (
      select jsonb_build_object(
        'status', public.firm_invite_state(i),
        'firm', f.name,
        'email', i.email,
        'role', i.role
      )
      from public.firm_invites as i join public.firms as f on f.id = i.firm_id
      where i.token_sha256 = public.firm_invite_hash(firm_invite_status.token)
    ),
    jsonb_build_object('status', 'unknown')
  )
$$;

revoke execute on function public.firm_invite_status(text) from public;
grant execute on function public.firm_invite_status(text) to anon, authenticated;

-- Joins the caller to the invite's firm, with its role, and brings the records of their firm of one. Refused (with
-- the link's status in the message) when the link is used, expired, revoked or unknown, when it is for another
-- e-mail, and when the caller is the last admin of a firm with other members.
create function public.accept_firm_invite(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  my_email text;
  invite public.firm_invites;
  status text;
  old_firm uuid;
begin
  if me is null then
    raise exception 'sign in to accept an invite' using errcode = '28000';
  end if;
  select * into invite from public.firm_invites as i
  where i.token_sha256 = public.firm_invite_hash(accept_firm_invite.token)
  for update;
  status := public.firm_invite_state(invite);
  if status <> 'valid' then
    raise exception 'invite %', status using errcode = '22023', hint = status;
  end if;
  select lower(u.email) into my_email from auth.users as u where u.id = me;
  if my_email is distinct from invite.email then
    raise exception 'this invite is for %', invite.email using errcode = '42501', hint = 'email';
  end if;

  select m.firm_id into old_firm from public.firm_members as m where m.user_id = me;
  if old_firm is distinct from invite.firm_id then
    if old_firm is not null then
      if exists (select 1 from public.firm_members as m where m.firm_id = old_firm and m.user_id <> me)
         and not exists (select 1 from public.firm_members as m where m.firm_id = old_firm and m.role = 'admin' and m.user_id <> me)
         and exists (select 1 from public.firm_members as m where m.firm_id = old_firm and m.user_id = me and m.role = 'admin') then
        raise exception 'the last admin of a firm cannot leave it: make another member admin first'
          using errcode = '42501', hint = 'last-admin';
      end if;
      perform set_config('app.moving_member', me::text, true);
      delete from public.firm_members where user_id = me;
      perform set_config('app.moving_member', '', true);
    end if;
    insert into public.firm_members (user_id, firm_id, role) values (me, invite.firm_id, invite.role);
    -- The records of a firm of one come along; those of a firm shared with others stay with it.
    if old_firm is not null and not exists (select 1 from public.firm_members as m where m.firm_id = old_firm) then
      perform set_config('app.moving_firm', 'on', true);
      update public.cases set firm_id = invite.firm_id where firm_id = old_firm;
      update public.documents set firm_id = invite.firm_id where firm_id = old_firm;
      update public.knowledge_items set firm_id = invite.firm_id where firm_id = old_firm;
      perform set_config('app.moving_firm', '', true);
      delete from public.firms where id = old_firm;
    end if;
  end if;
  update public.firm_invites set accepted_at = now(), accepted_by = me where id = invite.id;
  return jsonb_build_object('firm_id', invite.firm_id, 'role', invite.role);
end;
$$;

revoke execute on function public.accept_firm_invite(text) from public, anon;
grant execute on function public.accept_firm_invite(text) to authenticated;

-- The caller's colleagues, for Settings and the cases' initials: id, name, e-mail, role, joined.
create function public.firm_people()
returns table (user_id uuid, full_name text, email text, role text, joined_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, p.full_name, u.email, m.role, m.joined_at
  from public.firm_members as m
  join auth.users as u on u.id = m.user_id
  left join public.profiles as p on p.id = m.user_id
  where m.firm_id = public.current_firm()
  order by m.joined_at, u.email
$$;

revoke execute on function public.firm_people() from public, anon;
grant execute on function public.firm_people() to authenticated;

-- What the invite Edge Function (supabase/functions/invite/) e-mails: the e-mail, firm name and role of a valid
-- invite of the caller's firm, asked for by one of its admins with the token they were given; refused otherwise.
create function public.firm_invite_to_send(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (
      select jsonb_build_object('email', i.email, 'firm', f.name, 'role', i.role, 'expires_at', i.expires_at)
      from public.firm_invites as i join public.firms as f on f.id = i.firm_id
      where i.token_sha256 = public.firm_invite_hash(firm_invite_to_send.token)
        and i.firm_id = public.current_firm()
        and public.is_firm_admin()
        and public.firm_invite_state(i) = 'valid'
    ),
    'null'::jsonb
  )
$$;

revoke execute on function public.firm_invite_to_send(text) from public, anon;
grant execute on function public.firm_invite_to_send(text) to authenticated;
