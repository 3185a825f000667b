-- Vitrina: PostgreSQL bootstrap (run once, as a superuser, in the `vitrina` database).
--
-- Creates one login role per service and nothing else. Each service creates its own schema
-- (named after the service) and its tables through its migrations at start, so the schema and
-- everything in it belong to that service's role and no other role can read it
-- (docs/architecture.md §1: no service reads another's tables).
--
-- docker-compose runs this file from /docker-entrypoint-initdb.d on the first start of an empty
-- volume. By hand (psql 15+ for \getenv):
--   VITRINA_DB_PASSWORD='...' psql -v ON_ERROR_STOP=1 -U postgres -d vitrina -f infra/postgres/init.sql
-- One password for every role keeps the development stack simple; in production give each role its
-- own password afterwards (ALTER ROLE vitrina_orders PASSWORD '...') or use your platform's IAM auth.
--
-- Extensions: PostgreSQL 15+ no longer lets ordinary roles create objects in `public`. A migration that
-- needs one creates it in its own schema (CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA catalogue;
-- pg_trgm is a trusted extension) or you add it here, as the superuser.

\set ON_ERROR_STOP on
\getenv app_password VITRINA_DB_PASSWORD

\if :{?app_password}
\else
  DO $$ BEGIN RAISE EXCEPTION 'VITRINA_DB_PASSWORD is not set: it is the password of the per-service roles'; END $$;
\endif

-- Login roles, one per service process (the gateway too: with NODE_ENV=production every process needs DATABASE_URL).
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', r, :'app_password')
FROM unnest(ARRAY[
  'vitrina_gateway',
  'vitrina_catalogue',
  'vitrina_store',
  'vitrina_cart_checkout',
  'vitrina_orders',
  'vitrina_accounts',
  'vitrina_messaging',
  'vitrina_marketing'
]) AS r
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r)
\gexec

-- CONNECT to the database and CREATE (schemas) in it: enough for `CREATE SCHEMA IF NOT EXISTS <service>`
-- and the migrations that follow. Nothing on other schemas.
SELECT format('GRANT CONNECT, CREATE ON DATABASE %I TO %I', current_database(), r)
FROM unnest(ARRAY[
  'vitrina_gateway',
  'vitrina_catalogue',
  'vitrina_store',
  'vitrina_cart_checkout',
  'vitrina_orders',
  'vitrina_accounts',
  'vitrina_messaging',
  'vitrina_marketing'
]) AS r
\gexec
