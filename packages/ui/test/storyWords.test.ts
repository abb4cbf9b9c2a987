// A play function's words in the story's language (src/docs/bilingualArgs.ts): with the toolbar in
// Arabic, a play that looked for "Buy plan" failed on the Arabic button.
import { describe, expect, it } from 'vitest';
import { bilingualArgs, storyArgs, storyWords } from '../src/docs/bilingualArgs.js';

const file = bilingualArgs(
  { label: 'Payment history', columns: [{ header: 'Amount' }] },
  { label: 'سجل المدفوعات', columns: [{ header: 'المبلغ' }] },
);
const context = (language: string) => ({
  globals: { language },
  parameters: { argsInArabic: file.argsInArabic },
});

describe('storyWords', () => {
  it('leaves English as written', () => {
    const words = storyWords(context('en'));
    expect(words.say('Payment history')).toBe('Payment history');
    expect(words.ui('rowsOf', { first: 1, last: 10, total: 57 })).toBe('Rows 1–10 of 57');
  });

  it('finds the Arabic written beside an arg, however deep', () => {
    const words = storyWords(context('ar'));
    expect(words.text('Payment history')).toBe('سجل المدفوعات');
    expect(words.say('Amount')).toBe('المبلغ');
  });

  it('falls back to a component’s own word, with Arabic digits', () => {
    const words = storyWords(context('ar'));
    expect(words.say('Next page')).toBe(words.ui('nextPage'));
    expect(words.ui('rowsOf', { first: 1, last: 10, total: 57 })).toContain('٥٧');
    expect(words.number(260)).toBe('٢٦٠');
  });

  it('says which word has no Arabic rather than passing', () => {
    expect(() => storyWords(context('ar')).say('Renew')).toThrow(/no Arabic for “Renew”/);
    expect(() => storyWords(context('ar')).text('Next page')).toThrow(/Next page/);
  });
});

describe('storyArgs', () => {
  it('gives a story its args and their Arabic as parameters Storybook merges', () => {
    expect(storyArgs({ children: 'Cancel' }, { children: 'إلغاء' })).toEqual({
      args: { children: 'Cancel' },
      parameters: { argsInArabic: { en: { children: 'Cancel' }, ar: { children: 'إلغاء' } } },
    });
  });
});
