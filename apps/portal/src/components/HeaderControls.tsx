/** The header's language and theme controls, used by every layout. */
import { THEMES, type Theme } from '@tawqi/domain';
import { Button } from '@tawqi/ui';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { languageAtom, themeAtom } from '../state/atoms.js';

/** Switches to the other language, named in that language ("English" / «العربية»). */
export function LanguageSwitch() {
  const [language, setLanguage] = useAtom(languageAtom);
  const other = language === 'ar' ? 'en' : 'ar';
  return (
    <Button variant="ghost" size="small" onPress={() => setLanguage(other)}>
      <span lang={other}>{other === 'ar' ? 'العربية' : 'English'}</span>
    </Button>
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
    <Button
      variant="ghost"
      size="small"
      aria-label={`${t('theme.label')}: ${t(`theme.${theme}`)}`}
      onPress={() => setTheme(next)}
    >
      {`${t('theme.label')}: ${t(`theme.${theme}`)}`}
    </Button>
  );
}
