-- Trigram indexes serve every list search (docs/architecture.md#data: search uses indexes, pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
