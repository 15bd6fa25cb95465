/**
 * The few parts of a Supabase database the migrations rely on, for PGlite: the anon, authenticated and
 * service_role roles, auth.users, auth.uid() read from the JWT claim setting as PostgREST sets it,
 * and Storage's buckets and objects with storage.foldername(). One SQL string, run with PGlite's exec
 * (the unit tests and the e2e tests' fake Supabase load it before the migrations).
 */
export const supabaseShim = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  -- What an Edge Function holding the service key runs as: past row-level security, but only with the grants it is given.
  create role service_role nologin noinherit bypassrls;

  create schema auth;
  create table auth.users (
    id uuid primary key default gen_random_uuid(),
    email text unique,
    raw_user_meta_data jsonb not null default '{}'::jsonb,
    -- Confirmed on sign-up here (as with confirmation off); a test of an unconfirmed address sets it to null.
    email_confirmed_at timestamptz default now()
  );

  create function auth.uid() returns uuid language sql stable as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $$;

  grant usage on schema auth to anon, authenticated;
  grant execute on function auth.uid() to anon, authenticated;
  grant usage on schema public to anon, authenticated, service_role;

  -- Supabase's default privileges: everything on new public tables and functions for both API roles.
  alter default privileges in schema public grant all on tables to anon, authenticated;
  alter default privileges in schema public grant all on functions to anon, authenticated;

  -- Storage, as its own migrations make it (the columns the app and the policies use). Both API roles
  -- hold every privilege on the tables and row-level security decides: with no policy, nothing.
  create schema storage;
  create table storage.buckets (
    id text primary key,
    name text not null unique,
    owner uuid,
    public boolean not null default false,
    file_size_limit bigint,
    allowed_mime_types text[],
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create table storage.objects (
    id uuid primary key default gen_random_uuid(),
    bucket_id text references storage.buckets (id),
    name text,
    owner uuid,
    metadata jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (bucket_id, name)
  );
  alter table storage.buckets enable row level security;
  alter table storage.objects enable row level security;

  -- The folders of an object's name: 'a/b/file.pdf' gives {a,b}.
  create function storage.foldername(name text) returns text[] language sql immutable as $$
    select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
  $$;

  grant usage on schema storage to anon, authenticated;
  grant all on storage.buckets, storage.objects to anon, authenticated;
  grant execute on function storage.foldername(text) to anon, authenticated;
`;
