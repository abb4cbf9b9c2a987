/** A marketing page: its title, lead and sections come from the `public` namespace, in both languages. */
import { Card } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import type { MarketingPageId } from '../../routes.js';
import { actions, grid, hero, lead, title } from './public.css.js';

interface Section {
  heading: string;
  body: string;
}

export default function MarketingPage({ id }: { id: MarketingPageId }) {
  const { t } = useTranslation('public');
  const sections = t(`pages.${id}.sections`, { returnObjects: true }) as Section[];
  return (
    <article aria-labelledby="page-title">
      <div className={hero}>
        <h1 id="page-title" className={title}>
          {t(`pages.${id}.title`)}
        </h1>
        <p className={lead}>{t(`pages.${id}.lead`)}</p>
        <div className={actions}>
          <a href="/plans-pricing">{t('cta.plans')}</a>
          <a href="/auth-check">{t('cta.start')}</a>
        </div>
      </div>
      <div className={grid}>
        {Array.isArray(sections)
          ? sections.map((section) => (
              <Card key={section.heading} title={section.heading}>
                <p>{section.body}</p>
              </Card>
            ))
          : null}
      </div>
    </article>
  );
}
