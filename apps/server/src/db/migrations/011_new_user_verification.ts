/**
 * An Enrolment Admin adding a person (new-user (UAV) requests): the identity-app
 * challenge the admin starts for the person is bound to the admin's organization and to the admin
 * (as any challenge is to the browser that started it), and keeps the person the identity app
 * confirmed until the admin submits the request. A request records what was asked (role, unit,
 * employee id, e-mail, mobile) in its details.
 */
export const name = '011_new_user_verification';

export const sql = /* sql */ `
ALTER TABLE identity_challenges
  ADD COLUMN org_slno integer REFERENCES organizations (org_slno),
  ADD COLUMN requested_by integer REFERENCES users (user_slno),
  ADD COLUMN person jsonb,
  ADD CONSTRAINT identity_challenges_org_user
    CHECK ((flow = 'orgUser') = (org_slno IS NOT NULL AND requested_by IS NOT NULL));
`;
