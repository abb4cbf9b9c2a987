/**
 * One meaning of "an active member": a membership that is not approved — pending,
 * rejected, deactivated — is never stored as active. Enrolment filing and the demo worlds used to
 * store pending and rejected members active, and the eSign service signed for them.
 */
export const name = '030_active_member';

export const sql = /* sql */ `
UPDATE memberships SET is_active = false WHERE is_active AND status <> 'Approved';
ALTER TABLE memberships ADD CONSTRAINT memberships_active_is_approved
  CHECK (NOT is_active OR status = 'Approved');
`;
