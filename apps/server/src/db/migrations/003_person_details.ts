/**
 * The person as the identity app names them: date of birth in the Gregorian and Hijri
 * calendars, kept from enrolment.
 */
export const name = '003_person_details';

export const sql = /* sql */ `
ALTER TABLE users ADD COLUMN date_of_birth date;
ALTER TABLE users ADD COLUMN date_of_birth_hijri text CHECK (date_of_birth_hijri ~ '^\\d{4}-\\d{2}-\\d{2}$');
`;
