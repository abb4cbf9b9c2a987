/**
 * An agreement a person holds says what it is and when they accepted it: the list showed only
 * the role it was accepted in ("Individual"), which named no document.
 */
export const name = '048_agreement_titles';

export const sql = /* sql */ `
ALTER TABLE agreements
  ADD COLUMN title_en text,
  ADD COLUMN title_ar text,
  ADD COLUMN accepted_at timestamptz;
`;
