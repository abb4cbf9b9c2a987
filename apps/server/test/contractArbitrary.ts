/**
 * Values a contract schema would likely accept, generated from zod 4's definitions for
 * fast-check: string lengths and patterns, number ranges, enums, literals, objects, optionals,
 * arrays, unions. A custom refinement (a national id's check digit) cannot be read from the schema:
 * `byField` names what a field of that name takes. A type this does not know gets any JSON value.
 * zod-fast-check, the library for this, is for zod 3.
 */
import fc from 'fast-check';

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}
interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  element?: unknown;
  options?: unknown[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

function stringOf(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
  const maxLength = checks.find((check) => check.check === 'max_length')?.maximum ?? 60;
  // A format schema (z.email()) carries its format in its own definition, a `.regex()` in a check.
  const format = def.format
    ? { format: def.format, pattern: def.pattern }
    : checks.find((check) => check.check === 'string_format');
  const pattern = format?.pattern;
  if (format?.format === 'email')
    return fc
      .emailAddress({ size: 'small' })
      .filter(
        (value) =>
          (pattern?.test(value) ?? true) && value.length >= minLength && value.length <= maxLength,
      );
  if (pattern)
    return fc
      .stringMatching(pattern)
      .filter((value) => value.length >= minLength && value.length <= maxLength);
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 60) });
}

function numberOf(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const above = checks.find((check) => check.check === 'greater_than');
  const below = checks.find((check) => check.check === 'less_than');
  const integer = checks.some((check) => check.check === 'number_format');
  const min = above?.value === undefined ? -1e6 : above.value + (above.inclusive ? 0 : 1);
  const max = below?.value === undefined ? 1e6 : below.value - (below.inclusive ? 0 : 1);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
}

export function arbitraryOf(
  schema: unknown,
  byField: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<unknown> {
  const of = (inner: unknown) => arbitraryOf(inner, byField);
  const def = defOf(schema);
  switch (def?.type) {
    case 'string':
      return stringOf(def);
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'object': {
      const shape = def.shape ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, value]) => [key, byField[key] ?? of(value)]),
        ),
        {
          requiredKeys: Object.keys(shape).filter((key) => defOf(shape[key])?.type !== 'optional'),
        },
      );
    }
    case 'optional':
      return fc.option(of(def.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(of(def.innerType), { nil: null });
    case 'default':
    case 'readonly':
      return of(def.innerType);
    case 'pipe':
      return of(def.in);
    case 'array':
      return fc.array(of(def.element), { maxLength: 3 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(of));
    default:
      return fc.jsonValue();
  }
}
