-- Trigram indexes serve every list search (ARCHITECTURE.md "Data": search uses indexes, pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
