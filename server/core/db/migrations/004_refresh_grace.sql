-- Refresh-token rotation records each token's successor, so a token presented again within a few
-- seconds (a reload that aborted the refresh answer) can be told from a replay (ADR 003).
ALTER TABLE refresh_tokens ADD COLUMN replacedby text;
