/**
 * Text shown exactly as it came: an id or code, a name a person or an application chose, a brand,
 * an address. It is never translated (translate="no") and keeps its own direction inside the
 * sentence around it (<bdi>). The Arabic-page check of the end-to-end tests skips it, and only it.
 */
export function Verbatim({ children }: { children: string | number | null | undefined }) {
  return <bdi translate="no">{children}</bdi>;
}
