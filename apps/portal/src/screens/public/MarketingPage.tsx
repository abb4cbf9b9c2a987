/**
 * A marketing page: its title, lead, cards and blocks come from the `public` namespace, in both
 * languages; which blocks a page shows is decided here. A page that sells what is not built yet
 * says so plainly at the top (organization accounts); the digital certificate page shows the
 * certification authority's public repository.
 */
import { ROUTES, type MarketingPageId } from '@tawqi/domain';
import { Card, buttonStyle } from '@tawqi/ui';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';
import { Faq } from './Faq.js';
import { CertificateArt, IdentityArt, SigningArt, VerifiedArt } from './illustrations.js';
import {
  actions,
  blockTitle,
  grid,
  hero,
  heroArt,
  heroText,
  lead,
  notice,
  offerList,
  step,
  stepArt,
  stepNumber,
  steps,
  title,
} from './public.css.js';

interface Text {
  heading: string;
  body: string;
}

type Block = 'cards' | 'steps' | 'offers' | 'compliance' | 'repository' | 'faq';

/** What each page shows, in order, below its title and lead. */
/** What each page shows; `apply`: a page that sells to organizations and providers leads to sign-up. */
const PAGES: Record<MarketingPageId, { blocks: readonly Block[]; apply?: true }> = {
  home: { blocks: ['cards', 'steps', 'offers', 'compliance', 'faq'] },
  'why-esign': { blocks: ['cards', 'steps', 'faq'] },
  features: { blocks: ['cards', 'offers'] },
  'use-cases': { blocks: ['cards', 'steps'] },
  individual: { blocks: ['cards', 'offers', 'faq'] },
  organization: { blocks: ['cards', 'offers'], apply: true },
  'digital-certificate': { blocks: ['cards', 'steps', 'repository', 'compliance'] },
};

const STEP_ART = [IdentityArt, CertificateArt, VerifiedArt];

// The repository reads the API (its client, the contract, a dialog): only the certificate page
// shows it, so the other pages (the home page first) do not load that code.
const Repository = lazy(() =>
  import('./Repository.js').then((module) => ({ default: module.Repository })),
);

export default function MarketingPage({ id }: { id: MarketingPageId }) {
  const { t } = useTranslation('public');
  const format = useFormat();
  const list = <T,>(key: string) => {
    const value = t(key, { returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  };
  const page = PAGES[id];

  const blocks: Record<Block, () => ReactNode> = {
    cards: () => (
      <div className={grid}>
        {list<Text>(`pages.${id}.sections`).map((section) => (
          <Card key={section.heading} title={section.heading} headingLevel={2}>
            <p>{section.body}</p>
          </Card>
        ))}
      </div>
    ),
    steps: () => (
      <section aria-labelledby="how-it-works">
        <h2 id="how-it-works" className={blockTitle}>
          {t('howItWorks.title')}
        </h2>
        <ol className={steps}>
          {list<Text>('howItWorks.steps').map((item, index) => {
            const Art = STEP_ART[index] ?? VerifiedArt;
            return (
              <li key={item.heading} className={step}>
                <div className={stepArt}>
                  <Art />
                </div>
                <h3>
                  <span className={stepNumber}>{format.number(index + 1)}</span> {item.heading}
                </h3>
                <p>{item.body}</p>
              </li>
            );
          })}
        </ol>
      </section>
    ),
    offers: () => (
      <section aria-labelledby="offers">
        <h2 id="offers" className={blockTitle}>
          {t('offers.title')}
        </h2>
        <div className={grid}>
          {(['individual', 'organization'] as const).map((kind) => (
            <Card key={kind} headingLevel={3} title={t(`offers.${kind}.title`)}>
              <ul className={offerList}>
                {list<string>(`offers.${kind}.items`).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <a href={kind === 'individual' ? '/plans-pricing' : '/organization'}>
                {t(`offers.${kind}.link`)}
              </a>
              {kind === 'organization' ? (
                <>
                  {' · '}
                  <a href={ROUTES.createAccount}>{t('offers.organization.apply')}</a>
                </>
              ) : null}
            </Card>
          ))}
        </div>
      </section>
    ),
    compliance: () => (
      <section aria-labelledby="compliance">
        <h2 id="compliance" className={blockTitle}>
          {t('compliance.title')}
        </h2>
        <div className={grid}>
          {list<Text>('compliance.items').map((item) => (
            <Card key={item.heading} title={item.heading} headingLevel={3}>
              <p>{item.body}</p>
            </Card>
          ))}
        </div>
      </section>
    ),
    repository: () => (
      <Suspense fallback={null}>
        <Repository />
      </Suspense>
    ),
    faq: () => <Faq />,
  };

  return (
    <article aria-labelledby="page-title">
      <div className={hero}>
        <div className={heroText}>
          <h1 id="page-title" className={title}>
            {t(`pages.${id}.title`)}
          </h1>
          <p className={lead}>{t(`pages.${id}.lead`)}</p>
          {page.apply ? <p className={notice}>{t('apply.lead')}</p> : null}
          <div className={actions}>
            {page.apply ? (
              <a className={buttonStyle({ variant: 'primary' })} href={ROUTES.createAccount}>
                {t('apply.organization')}
              </a>
            ) : null}
            <a
              className={buttonStyle({ variant: page.apply ? 'secondary' : 'primary' })}
              href="/auth-check"
            >
              {t('cta.start')}
            </a>
            <a className={buttonStyle({ variant: 'secondary' })} href="/plans-pricing">
              {t('cta.plans')}
            </a>
          </div>
        </div>
        {id === 'home' ? (
          <div className={heroArt}>
            <SigningArt />
          </div>
        ) : null}
      </div>
      {page.blocks.map((block) => (
        <div key={block}>{blocks[block]()}</div>
      ))}
    </article>
  );
}
