import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import {
  Group,
  Input,
  NumberField as AriaNumberField,
  useLocale,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, type FieldTextProps } from '../parts/FieldParts.js';
import { bareInput, field, inputGroup } from '../parts/field.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface NumberFieldProps
  extends ClassNameProp, Omit<AriaNumberFieldProps, 'className' | 'style'>, FieldTextProps {
  /** A hint inside the empty field; never instead of the label. */
  placeholder?: string;
}

/** The ten digits of a locale's own numbering system (٠…٩ in ar-SA, 0…9 in en-US). */
export function localeDigits(locale: string): string[] {
  const format = new Intl.NumberFormat(locale, { useGrouping: false });
  return Array.from({ length: 10 }, (_, digit) => format.format(digit));
}

/** Any decimal digit (ASCII, Arabic-Indic or Persian) written in the given digits instead. */
export function toDigits(text: string, digits: readonly string[]): string {
  return text.replace(/[0-9\u0660-\u0669\u06F0-\u06F9]/g, (character) => {
    const code = character.charCodeAt(0);
    const value = code <= 0x39 ? code - 0x30 : code <= 0x0669 ? code - 0x0660 : code - 0x06f0;
    return digits[value] ?? character;
  });
}

/**
 * A number input formatted and parsed in the provider's locale: in Arabic it shows Arabic-Indic
 * digits and reads both those and ASCII digits. React Aria keeps whichever digit system was
 * typed, so a page could show "2" among "١٢"; here a typed digit is rewritten in the locale's
 * digits as it arrives (before React Aria reads it), keeping one digit system per page. Arrow
 * keys step the value.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: NumberFieldProps) {
  const { locale } = useLocale();
  const digits = useMemo(() => localeDigits(locale), [locale]);
  // Capture runs before React Aria's own change handler on the input inside.
  const inLocaleDigits = (event: ChangeEvent<HTMLElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const written = toDigits(input.value, digits);
    if (written === input.value) return;
    // Same length: the caret stays where it was.
    const { selectionStart, selectionEnd } = input;
    input.value = written;
    input.setSelectionRange(selectionStart, selectionEnd);
  };
  // React Aria refuses, before it lands, text that would mix digit systems ("١" then a typed
  // "0"), in its own beforeinput listener on the input: a digit typed on a Latin keyboard is
  // caught first (capture, on the group) and written in the locale's digits instead, as if typed
  // so; the input event React Aria reads follows.
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = group.current;
    if (!element) return;
    const typedInLocaleDigits = (event: InputEvent) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !event.data) return;
      const written = toDigits(event.data, digits);
      if (written === event.data) return;
      event.preventDefault();
      event.stopPropagation();
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? start;
      const next = input.value.slice(0, start) + written + input.value.slice(end);
      // The native setter, so React sees a change and its onChange runs.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, next);
      input.setSelectionRange(start + written.length, start + written.length);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    element.addEventListener('beforeinput', typedInLocaleDigits, true);
    return () => {
      element.removeEventListener('beforeinput', typedInLocaleDigits, true);
    };
  }, [digits]);
  return (
    <AriaNumberField {...props} className={withClassName(field, className)}>
      <FieldLabel>{label}</FieldLabel>
      <Group ref={group} className={inputGroup} onChangeCapture={inLocaleDigits}>
        <Input className={bareInput} placeholder={placeholder} />
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
