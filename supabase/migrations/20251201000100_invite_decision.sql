-- Joining a firm is a decision, and invites are no mail cannon (issue 43, items 1 and 8; after
-- 20251129000000_firms.sql).
--
-- Decisions:
-- - accept_firm_invite(token, leaving_firm, take_records) replaces accept_firm_invite(token). The caller names the
--   firm they are leaving (their current firm's id, which the login page shows them by name): an accept that does
--   not name it, or names another, is refused, so no page can accept on someone's behalf with a token alone.
-- - Only the caller's own records move, and only with take_records: their cases, the documents they uploaded into
--   their own cases (or none), and their knowledge items. A colleague's rows never move, not even those a former
--   colleague left behind in a firm the caller is the last member of. Records can only be taken out of a firm of one
--   (the caller its only member): a firm with other members keeps what was made in it, as it keeps a removed
--   member's. The firm left is deleted only when no member and no record remain in it (deleting it would delete
--   them: firm_id cascades); otherwise it stays, memberless, holding what stayed.
-- - An unconfirmed e-mail address cannot accept (auth.users.email_confirmed_at).
-- - firm_invite_status also says who invited (their name, or their e-mail when they gave none), and, to a signed-in
--   caller, the firm they would leave: its id and name, whether they are its only member, and how many of their own
--   records could come along.
-- - A firm has at most 20 pending invites (neither used, revoked nor expired) and makes at most 50 a day (revoked
--   ones too, so revoking and inviting again is no way round): create_firm_invite refuses past them.
-- - An invite is e-mailed (by the invite Edge Function, through firm_invite_to_send) at most 3 times; the count and
--   the last time are kept on the invite (email_sends, last_emailed_at), counted when the function asks, before it
--   sends. Past it firm_invite_to_send answers {"limit": "sends", "sends": 3} and nothing is sent.

alter table public.firm_invites
  add column email_sends integer not null default 0 check (email_sends >= 0),
  add column last_emailed_at timestamptz;

grant select (email_sends, last_emailed_at) on table public.firm_invites to authenticated;

-- The limits, in one place: the functions below and the tests read them.
create function public.firm_invite_limits()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('pending', 20, 'per_day', 50, 'email_sends', 3)
$$;

grant execute on function public.firm_invite_limits() to anon, authenticated;

-- Makes an invite to the caller's firm (admins only) and returns its token, once; refused past the firm's limits.
create or replace function public.create_firm_invite(invitee_email text, invitee_role text default 'member')
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
  limits jsonb := public.firm_invite_limits();
begin
  if firm is null or not public.is_firm_admin() then
    raise exception 'permission denied: only a firm''s admins invite' using errcode = '42501';
  end if;
  -- One invite of a firm made at a time, so two at once cannot both pass the counts below.
  perform 1 from public.firms as f where f.id = firm for update;
  if exists (
    select 1 from public.firm_members as m join auth.users as u on u.id = m.user_id
    where m.firm_id = firm and lower(u.email) = lower(trim(invitee_email))
  ) then
    raise exception '% is already a member of the firm', trim(invitee_email) using errcode = '23505';
  end if;
  if (select count(*) from public.firm_invites as i where i.firm_id = firm and public.firm_invite_state(i) = 'valid')
     >= (limits ->> 'pending')::int then
    raise exception 'too many pending invites: a firm has at most % pending invites', limits ->> 'pending'
      using errcode = 'PT429', hint = 'pending-limit';
  end if;
  if (select count(*) from public.firm_invites as i where i.firm_id = firm and i.created_at > now() - interval '1 day')
     >= (limits ->> 'per_day')::int then
    raise exception 'too many invites today: a firm makes at most % invites a day', limits ->> 'per_day'
      using errcode = 'PT429', hint = 'daily-limit';
  end if;
  insert into public.firm_invites (firm_id, email, role, token_sha256, invited_by)
  values (firm, lower(trim(invitee_email)), coalesce(invitee_role, 'member'), public.firm_invite_hash(token), auth.uid())
  returning * into made;
  return jsonb_build_object('id', made.id, 'token', token, 'email', made.email, 'role', made.role, 'expires_at', made.expires_at);
end;
$$;

-- What the invite Edge Function e-mails: as before (an admin of the invite's firm, a valid invite), and each time it
-- is asked the invite's e-mail count goes up; past the limit, the answer says so and names no address.
drop function public.firm_invite_to_send(text);
create function public.firm_invite_to_send(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  invite public.firm_invites;
  firm_name text;
  most int := (public.firm_invite_limits() ->> 'email_sends')::int;
begin
  select i.* into invite from public.firm_invites as i
  where i.token_sha256 = public.firm_invite_hash(firm_invite_to_send.token)
    and i.firm_id = public.current_firm()
    and public.is_firm_admin()
  for update;
  if invite.id is null or public.firm_invite_state(invite) <> 'valid' then
    return 'null'::jsonb;
  end if;
  if invite.email_sends >= most then
    return jsonb_build_object('limit', 'sends', 'sends', invite.email_sends);
  end if;
  update public.firm_invites set email_sends = email_sends + 1, last_emailed_at = now() where id = invite.id;
  select f.name into firm_name from public.firms as f where f.id = invite.firm_id;
  return jsonb_build_object('email', invite.email, 'firm', firm_name, 'role', invite.role, 'expires_at', invite.expires_at,
    'sends', invite.email_sends + 1);
end;
$$;

revoke execute on function public.firm_invite_to_send(text) from public, anon;
grant execute on function public.firm_invite_to_send(text) to authenticated;

-- What a link is, to anyone holding it: as before, plus who invited; to a signed-in caller, the firm they would leave.
create or replace function public.firm_invite_status(token text)
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
        'role', i.role,
        'invited_by', coalesce(nullif(trim(p.full_name), ''), inviter.email, 'an admin of the firm')
      ) || coalesce(
        (
          select jsonb_build_object(
            'leaving', jsonb_build_object(
              'id', mine.id,
              'name', mine.name,
              'alone', not exists (select 1 from public.firm_members as m where m.firm_id = mine.id and m.user_id <> auth.uid()),
              'cases', (select count(*) from public.cases as c where c.firm_id = mine.id and c.owner_id = auth.uid()),
              'documents', (
                select count(*) from public.documents as d
                where d.firm_id = mine.id and d.owner_id = auth.uid() and d.case_owner_id = auth.uid()
              ),
              'knowledge', (
                select count(*) from public.knowledge_items as k where k.firm_id = mine.id and k.owner_id = auth.uid()
              )
            )
          )
          from public.firms as mine
          where mine.id = public.current_firm() and mine.id <> i.firm_id and public.firm_invite_state(i) = 'valid'
        ),
        '{}'::jsonb
      )
      from public.firm_invites as i
      join public.firms as f on f.id = i.firm_id
      left join auth.users as inviter on inviter.id = i.invited_by
      left join public.profiles as p on p.id = i.invited_by
      where i.token_sha256 = public.firm_invite_hash(firm_invite_status.token)
    ),
    jsonb_build_object('status', 'unknown')
  )
$$;

-- Joining is the caller's decision: they name the firm they leave, and whether their own records come along.
drop function public.accept_firm_invite(text);
create function public.accept_firm_invite(token text, leaving_firm uuid default null, take_records boolean default false)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  my_email text;
  confirmed timestamptz;
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
  select lower(u.email), u.email_confirmed_at into my_email, confirmed from auth.users as u where u.id = me;
  if my_email is distinct from invite.email then
    raise exception 'this invite is for %', invite.email using errcode = '42501', hint = 'email';
  end if;
  if confirmed is null then
    raise exception 'confirm your e-mail address before accepting an invite' using errcode = '42501', hint = 'unconfirmed';
  end if;

  select m.firm_id into old_firm from public.firm_members as m where m.user_id = me for update;
  if leaving_firm is distinct from old_firm then
    raise exception 'name the firm you are leaving to accept an invite' using errcode = '22023', hint = 'leaving';
  end if;
  if old_firm is not distinct from invite.firm_id then
    update public.firm_invites set accepted_at = now(), accepted_by = me where id = invite.id;
    return jsonb_build_object('firm_id', invite.firm_id, 'role', invite.role, 'moved', false);
  end if;
  if old_firm is not null then
    if exists (select 1 from public.firm_members as m where m.firm_id = old_firm and m.user_id <> me)
       and not exists (select 1 from public.firm_members as m where m.firm_id = old_firm and m.role = 'admin' and m.user_id <> me)
       and exists (select 1 from public.firm_members as m where m.firm_id = old_firm and m.user_id = me and m.role = 'admin') then
      raise exception 'the last admin of a firm cannot leave it: make another member admin first'
        using errcode = '42501', hint = 'last-admin';
    end if;
    if take_records and exists (select 1 from public.firm_members as m where m.firm_id = old_firm and m.user_id <> me) then
      raise exception 'records stay with a firm that has other members' using errcode = '42501', hint = 'records-stay';
    end if;
    perform set_config('app.moving_member', me::text, true);
    delete from public.firm_members where user_id = me;
    perform set_config('app.moving_member', '', true);
  end if;
  insert into public.firm_members (user_id, firm_id, role) values (me, invite.firm_id, invite.role);
  if old_firm is not null then
    if take_records then
      -- The caller's own rows only: never a colleague's, never a document filed in someone else's case.
      perform set_config('app.moving_firm', 'on', true);
      update public.cases set firm_id = invite.firm_id where firm_id = old_firm and owner_id = me;
      update public.documents set firm_id = invite.firm_id where firm_id = old_firm and owner_id = me and case_owner_id = me;
      update public.knowledge_items set firm_id = invite.firm_id where firm_id = old_firm and owner_id = me;
      perform set_config('app.moving_firm', '', true);
    end if;
    -- Deleting a firm deletes what names it: only an empty one goes.
    if not exists (select 1 from public.firm_members as m where m.firm_id = old_firm)
       and not exists (select 1 from public.cases as c where c.firm_id = old_firm)
       and not exists (select 1 from public.documents as d where d.firm_id = old_firm)
       and not exists (select 1 from public.knowledge_items as k where k.firm_id = old_firm) then
      delete from public.firms where id = old_firm;
    end if;
  end if;
  update public.firm_invites set accepted_at = now(), accepted_by = me where id = invite.id;
  return jsonb_build_object('firm_id', invite.firm_id, 'role', invite.role, 'moved', take_records and old_firm is not null);
end;
$$;

revoke execute on function public.accept_firm_invite(text, uuid, boolean) from public, anon;
grant execute on function public.accept_firm_invite(text, uuid, boolean) to authenticated;
