/**
 * Who made a user request (separation of duties: the person who created a request
 * cannot decide it), and at most one open new-user request per person and organization, so two
 * admins adding the same person at once make one request. Requests from before have no author.
 */
export const name = '010_request_authors';

export const sql = /* sql */ `
ALTER TABLE user_requests ADD COLUMN created_by integer REFERENCES users (user_slno);
CREATE UNIQUE INDEX user_requests_one_open_new_user ON user_requests (org_slno, user_slno)
  WHERE kind = 'newUser' AND status IN ('Initiated', 'Pending');
ALTER TABLE user_requests
  ADD CONSTRAINT user_requests_decided CHECK ((status IN ('Initiated', 'Pending')) = (decided_at IS NULL) OR kind <> 'newUser');
`;
