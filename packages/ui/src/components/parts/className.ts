/** The escape hatch every component offers: a class of the app's own, beside the package's. */
export interface ClassNameProp {
  /**
   * A class of your own, added to the component's outer element beside its own (for layout from
   * outside: margins, width, grid placement). Its look stays the package's: prefer tokens.
   */
  className?: string;
}

export function withClassName(own: string, extra: string | undefined): string {
  return extra ? `${own} ${extra}` : own;
}
