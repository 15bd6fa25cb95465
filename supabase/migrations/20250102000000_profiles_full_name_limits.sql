-- profiles.full_name is a display name: no surrounding white space, at most 200 characters.
-- The sign-up trigger tidies the metadata it copies; the check refuses anything else (an update
-- through the API included), so every reader can rely on it.

update public.profiles
set full_name = nullif(regexp_replace(left(regexp_replace(full_name, '^\s+|\s+$', '', 'g'), 200), '\s+$', ''), '')
where full_name is distinct from nullif(regexp_replace(left(regexp_replace(full_name, '^\s+|\s+$', '', 'g'), 200), '\s+$', ''), '');

alter table public.profiles
  add constraint profiles_full_name_trimmed check (full_name !~ '^\s|\s$'),
  add constraint profiles_full_name_length check (char_length(full_name) between 1 and 200);

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Trim, keep the first 200 characters, trim what the cut left at the end; blank becomes null.
  insert into public.profiles (id, full_name)
  values (
    new.id,
    nullif(regexp_replace(left(regexp_replace(new.raw_user_meta_data ->> 'full_name', '^\s+|\s+$', '', 'g'), 200), '\s+$', ''), '')
  );
  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;
