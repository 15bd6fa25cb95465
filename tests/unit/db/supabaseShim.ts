/**
 * The few parts of a Supabase database the migrations rely on, for PGlite: the anon and
 * authenticated roles, auth.users, and auth.uid() read from the JWT claim setting as PostgREST sets it.
 */
export const supabaseShim = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;

  create schema auth;
  create table auth.users (
    id uuid primary key default gen_random_uuid(),
    email text unique,
    raw_user_meta_data jsonb not null default '{}'::jsonb
  );

  create function auth.uid() returns uuid language sql stable as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $$;

  grant usage on schema auth to anon, authenticated;
  grant execute on function auth.uid() to anon, authenticated;
  grant usage on schema public to anon, authenticated;

  -- Supabase's default privileges: everything on new public tables for both API roles.
  alter default privileges in schema public grant all on tables to anon, authenticated;
`;
