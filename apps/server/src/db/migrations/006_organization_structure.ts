/**
 * The organization half's structure, on top of 001's organizations,
 * memberships and providers:
 * - reference data moves here from the demo seed, so a production database without demo data has
 *   its countries, regions and cities (added only where none are, so a development database that
 *   the seed already filled keeps its own);
 * - memberships' statuses and roles are checked (the domain's ORG_USER_STATUSES and
 *   ORGANIZATION_ROLES; a test holds the lists equal), and carry what the admins tab shows;
 * - an organization's profile fields, its units (with their supporting document), its sponsors
 *   and technical contacts, its counters (eSign and per counted role, never negative nor used
 *   beyond their total), and its user requests (new user, change, UAV), each list indexed by
 *   organization for its grid.
 */
export const name = '006_organization_structure';

export const sql = /* sql */ `
INSERT INTO countries (name_en, name_ar, isd_code)
SELECT * FROM (VALUES
  ('Saudi Arabia', 'المملكة العربية السعودية', '+966'), ('United Arab Emirates', 'الإمارات العربية المتحدة', '+971'),
  ('Kuwait', 'الكويت', '+965'), ('Bahrain', 'البحرين', '+973')) AS v
WHERE NOT EXISTS (SELECT 1 FROM countries);

INSERT INTO regions (country_slno, name_en, name_ar)
SELECT c.country_slno, v.name_en, v.name_ar
  FROM (VALUES ('Riyadh Region', 'منطقة الرياض'), ('Makkah Region', 'منطقة مكة المكرمة'),
               ('Eastern Province', 'المنطقة الشرقية'), ('Madinah Region', 'منطقة المدينة المنورة'),
               ('Asir Region', 'منطقة عسير')) AS v (name_en, name_ar)
  JOIN countries c ON c.name_en = 'Saudi Arabia'
 WHERE NOT EXISTS (SELECT 1 FROM regions);

INSERT INTO cities (state_slno, name_en, name_ar)
SELECT r.state_slno, v.name_en, v.name_ar
  FROM (VALUES ('Riyadh Region', 'Riyadh', 'الرياض'), ('Riyadh Region', 'Al Kharj', 'الخرج'),
               ('Makkah Region', 'Jeddah', 'جدة'), ('Makkah Region', 'Makkah', 'مكة المكرمة'),
               ('Eastern Province', 'Dammam', 'الدمام'), ('Eastern Province', 'Al Khobar', 'الخبر'),
               ('Madinah Region', 'Madinah', 'المدينة المنورة'), ('Asir Region', 'Abha', 'أبها'))
       AS v (region, name_en, name_ar)
  JOIN regions r ON r.name_en = v.region
 WHERE NOT EXISTS (SELECT 1 FROM cities);

ALTER TABLE memberships
  ADD CONSTRAINT memberships_status CHECK (status IN ('Initiated', 'Pending', 'Approved', 'Rejected', 'UserRejected', 'Deactivated')),
  ADD CONSTRAINT memberships_roles CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['enrolmentAdmin', 'authorizedSignatory', 'organizationUser', 'applicationSponsor', 'technicalContact']),
  ADD COLUMN designation text NOT NULL DEFAULT '',
  ADD COLUMN login_type text NOT NULL DEFAULT 'Nafath' CHECK (login_type IN ('Nafath', 'Credentials'));
CREATE INDEX memberships_org_status ON memberships (org_slno, status, created_at DESC);

ALTER TABLE organizations
  ADD COLUMN dba_name text NOT NULL DEFAULT '',
  ADD COLUMN dba_name_ar text NOT NULL DEFAULT '',
  ADD COLUMN country text NOT NULL DEFAULT 'Saudi Arabia',
  ADD COLUMN digital_seal_status text NOT NULL DEFAULT 'notRequested'
    CHECK (digital_seal_status IN ('notRequested', 'pending', 'issued', 'revoked')),
  ADD COLUMN remarks text;

CREATE TABLE organization_units (
  org_unit_slno       serial PRIMARY KEY,
  org_slno            integer NOT NULL REFERENCES organizations (org_slno),
  name_en             text NOT NULL,
  name_ar             text NOT NULL,
  supporting_document text,
  unique_file_id      text,
  status              text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected')),
  is_active           boolean NOT NULL DEFAULT true,
  remarks             text,
  created_at          timestamptz NOT NULL
);
CREATE INDEX organization_units_org ON organization_units (org_slno, created_at DESC);

CREATE TABLE organization_contacts (
  contact_slno serial PRIMARY KEY,
  org_slno     integer NOT NULL REFERENCES organizations (org_slno),
  kind         text NOT NULL CHECK (kind IN ('sponsor', 'technicalContact')),
  name_en      text NOT NULL,
  name_ar      text NOT NULL,
  email        text NOT NULL,
  mobile       text NOT NULL,
  is_primary   boolean NOT NULL DEFAULT false
);
CREATE INDEX organization_contacts_org ON organization_contacts (org_slno, kind);
CREATE UNIQUE INDEX organization_contacts_one_primary ON organization_contacts (org_slno, kind) WHERE is_primary;

CREATE TABLE organization_counters (
  org_slno integer NOT NULL REFERENCES organizations (org_slno),
  counter  text NOT NULL CHECK (counter IN ('esign', 'enrolmentAdmin', 'authorizedSignatory', 'organizationUser')),
  total    integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  utilized integer NOT NULL DEFAULT 0 CHECK (utilized >= 0 AND utilized <= total),
  PRIMARY KEY (org_slno, counter)
);

CREATE TABLE user_requests (
  request_slno serial PRIMARY KEY,
  org_slno     integer NOT NULL REFERENCES organizations (org_slno),
  user_slno    integer NOT NULL REFERENCES users (user_slno),
  kind         text NOT NULL CHECK (kind IN ('newUser', 'change', 'uav')),
  status       text NOT NULL CHECK (status IN ('Initiated', 'Pending', 'Approved', 'Rejected', 'UserRejected', 'Cancelled')),
  details      jsonb NOT NULL DEFAULT '{}',
  remarks      text,
  created_at   timestamptz NOT NULL,
  decided_at   timestamptz,
  decided_by   integer REFERENCES users (user_slno)
);
CREATE INDEX user_requests_org ON user_requests (org_slno, kind, status, created_at DESC);

-- Which versions of the demo world a development database has received (src/db/seed.ts).
CREATE TABLE seed_versions (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  applied_at timestamptz NOT NULL
);

CREATE INDEX esign_transactions_org_date ON esign_transactions (org_slno, transaction_date DESC);
`;
