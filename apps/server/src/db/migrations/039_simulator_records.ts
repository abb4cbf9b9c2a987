/**
 * The simulators' state: the identity app's requests and key, the payment gateway's
 * payments and sent notifications, kept in the database rather than in a process, so that two
 * server processes behind a balancer in demo mode are one identity app and one gateway (a request
 * made through one is answered through the other). Demo mode only writes here.
 */
export const name = '039_simulator_records';

export const sql = /* sql */ `
CREATE TABLE simulator_records (
  kind        text NOT NULL,
  id          text NOT NULL,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  record_slno bigserial NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE INDEX simulator_records_data ON simulator_records USING gin (data jsonb_path_ops);
`;
