/**
 * The final answers still without the service's signed response: the demo world's,
 * recorded at seeding, which the eSign sweep signs a batch at a time. The sweep asks every few
 * seconds; this index makes the question free once none are left.
 */
export const name = '038_unsigned_answers';

export const sql = /* sql */ `
CREATE INDEX esign_transactions_unsigned_answers ON esign_transactions (esign_logs_id)
  WHERE sign_response_data IS NULL AND response_data IS NOT NULL AND status IN ('success', 'failed');
`;
