/** The frequently asked questions of the public pages: native disclosure widgets, each question a summary. */
import { useTranslation } from 'react-i18next';
import { blockTitle, faqAnswer, faqItem, faqList } from './public.css.js';

export function Faq() {
  const { t } = useTranslation('public');
  const items = t('faq.items', { returnObjects: true }) as unknown;
  return (
    <section aria-labelledby="faq">
      <h2 id="faq" className={blockTitle}>
        {t('faq.title')}
      </h2>
      <div className={faqList}>
        {(Array.isArray(items) ? (items as { question: string; answer: string }[]) : []).map(
          (item) => (
            <details key={item.question} className={faqItem}>
              <summary>{item.question}</summary>
              <p className={faqAnswer}>{item.answer}</p>
            </details>
          ),
        )}
      </div>
    </section>
  );
}
