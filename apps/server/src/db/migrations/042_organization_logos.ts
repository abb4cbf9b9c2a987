/**
 * An organization's own logo for its signatures' stamps: one per organization, PNG or
 * JPEG, small (checked when uploaded: its header read, its size bounded), replaced by the next.
 */
export const name = '042_organization_logos';

export const sql = /* sql */ `
CREATE TABLE organization_logos (
  org_slno     integer PRIMARY KEY REFERENCES organizations (org_slno),
  media_type   text NOT NULL CHECK (media_type IN ('image/png', 'image/jpeg')),
  content      bytea NOT NULL,
  width        integer NOT NULL CHECK (width > 0),
  height       integer NOT NULL CHECK (height > 0),
  uploaded_by  integer NOT NULL REFERENCES users (user_slno),
  uploaded_at  timestamptz NOT NULL
);
`;
