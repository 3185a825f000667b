-- Trigram matching for the franchise search by name (docs/toolchain.md: PGlite registers the extension at creation).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
