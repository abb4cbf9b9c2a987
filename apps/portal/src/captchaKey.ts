/**
 * The robot check's client key (SPEC §7 getRecaptchaClientKey: reference data, fetched once at
 * start and kept as `clientKey`). One fetch serves every check of the page's life; a failed one
 * is not kept, so the next check asks again.
 */
export function captchaKeyReader<Answer extends { clientKey: string }>(
  fetchKey: () => Promise<Answer>,
  keep: (clientKey: string) => void,
): () => Promise<Answer> {
  let answer: Promise<Answer> | null = null;
  return () =>
    (answer ??= fetchKey().then(
      (fetched) => {
        keep(fetched.clientKey);
        return fetched;
      },
      (error: unknown) => {
        answer = null;
        throw error;
      },
    ));
}
