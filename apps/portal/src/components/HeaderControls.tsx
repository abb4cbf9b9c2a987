/** The header's language and theme controls, used by every layout. */
import { THEMES, type Theme } from '@tawqi/domain';
import { Button, Menu } from '@tawqi/ui';
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

export function ThemeSwitch() {
  const { t } = useTranslation('header');
  const [theme, setTheme] = useAtom(themeAtom);
  return (
    <Menu
      label={t('theme.label')}
      trigger={
        <Button variant="ghost" size="small">
          {`${t('theme.label')}: ${t(`theme.${theme}`)}`}
        </Button>
      }
      items={THEMES.map((choice) => ({ id: choice, label: t(`theme.${choice}`) }))}
      onAction={(id) => setTheme(id as Theme)}
    />
  );
}
