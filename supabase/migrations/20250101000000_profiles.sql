-- Profiles: one row per auth user, readable and editable (full_name only) by that user alone.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  role text not null default 'member',
  created_at timestamptz not null default now()
);

comment on table public.profiles is 'One row per auth user; created by the on_auth_user_created trigger.';

alter table public.profiles enable row level security;

-- Supabase grants every privilege on new public tables to anon and authenticated; take them back
-- and give the signed-in role only what the app needs: read, and change full_name.
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (full_name) on table public.profiles to authenticated;

create policy "Users read their own profile"
  on public.profiles for select
  to authenticated
  using ((select auth.uid()) = id);

create policy "Users update their own profile"
  on public.profiles for update
  to authenticated
  using ((select auth.uid()) = id)
  with check ((select auth.uid()) = id);

-- Creates the profile from the sign-up metadata. Security definer: it runs as the table owner,
-- because the new user has no insert privilege; the empty search_path keeps it from being hijacked.
create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name)
  values (new.id, nullif(trim(new.raw_user_meta_data ->> 'full_name'), ''));
  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();
