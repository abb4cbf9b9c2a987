/**
 * The header's language and theme controls, used by every layout: native buttons in the ui
 * button's style, because the public home must stay light (React Aria's press handling costs the
 * first visit about 9 KB, measured by `npm run bench`) and a plain toggle needs none of it.
 */
import { THEMES, type Theme } from '@tawqi/domain';
import { buttonStyle } from '@tawqi/ui';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { languageAtom, themeAtom } from '../state/atoms.js';

const ghostSmall = buttonStyle({ variant: 'ghost', size: 'small' });

/** Switches to the other language, named in that language ("English" / «العربية»). */
export function LanguageSwitch() {
  const [language, setLanguage] = useAtom(languageAtom);
  const other = language === 'ar' ? 'en' : 'ar';
  return (
    <button type="button" className={ghostSmall} onClick={() => setLanguage(other)}>
      <span lang={other}>{other === 'ar' ? 'العربية' : 'English'}</span>
    </button>
  );
}

/**
 * One button that moves through light → dark → system, naming the current choice. A menu would do
 * the same with a popover, which costs the public pages about 30 KB (measured by `npm run bench`).
 */
export function ThemeSwitch() {
  const { t } = useTranslation('header');
  const [theme, setTheme] = useAtom(themeAtom);
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] as Theme;
  return (
    <button type="button" className={ghostSmall} onClick={() => setTheme(next)}>
      {`${t('theme.label')}: ${t(`theme.${theme}`)}`}
    </button>
  );
}
