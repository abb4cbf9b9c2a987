/**
 * The deprecation path (README, "Stages"): a deprecated component or prop keeps working until the
 * next major release, its changelog entry says what replaces it, and it says so itself once, in
 * development only (an app's bundler makes `process.env.NODE_ENV` "production" in its build).
 */
const warned = new Set<string>();

export function warnDeprecated(what: string, replacement: string): void {
  if (typeof process !== 'undefined' && process.env.NODE_ENV === 'production') return;
  if (warned.has(what)) return;
  warned.add(what);
  console.warn(
    `@tawqi/ui: ${what} is deprecated and will be removed in the next major release; use ${replacement} instead.`,
  );
}
