/**
 * Supporting documents (a new-user request's documents; the same store will hold the
 * L2 requests' and organization units' documents). A document belongs to its uploader until a
 * request takes it; then it is that request's. One owner column per kind of request, with its
 * foreign key, rather than an untyped "owner id".
 */
export const name = '012_documents';

export const sql = /* sql */ `
CREATE TABLE documents (
  document_slno     serial PRIMARY KEY,
  unique_file_id    text NOT NULL UNIQUE CHECK (unique_file_id ~ '^[A-Za-z0-9_-]{22}$'),
  org_slno          integer NOT NULL REFERENCES organizations (org_slno),
  uploaded_by       integer NOT NULL REFERENCES users (user_slno),
  category          text NOT NULL,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  media_type        text NOT NULL CHECK (media_type IN ('application/pdf', 'image/png', 'image/jpeg')),
  size              integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  sha256            text NOT NULL,
  content           bytea NOT NULL,
  created_at        timestamptz NOT NULL,
  user_request_slno integer REFERENCES user_requests (request_slno)
);
CREATE INDEX documents_user_request ON documents (user_request_slno) WHERE user_request_slno IS NOT NULL;
CREATE INDEX documents_untaken ON documents (org_slno, uploaded_by, created_at) WHERE user_request_slno IS NULL;
`;
