-- Trigram matching for typo-tolerant search and type-ahead (docs/toolchain.md: PGlite registers the extension at creation).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
