/**
 * A document's bytes apart from its row: in `document_contents` when the deployment
 * keeps them in PostgreSQL (the default), or in the store it configured (DOCUMENT_STORE), so the
 * row no longer holds them. A file may now be up to 10 MiB.
 */
export const name = '023_document_store';

export const sql = /* sql */ `
CREATE TABLE document_contents (
  unique_file_id text PRIMARY KEY REFERENCES documents (unique_file_id) ON DELETE CASCADE,
  content        bytea NOT NULL
);
INSERT INTO document_contents (unique_file_id, content) SELECT unique_file_id, content FROM documents;
ALTER TABLE documents DROP COLUMN content;

ALTER TABLE documents DROP CONSTRAINT documents_size_check;
ALTER TABLE documents ADD CONSTRAINT documents_size_check CHECK (size > 0 AND size <= 10485760);
`;
