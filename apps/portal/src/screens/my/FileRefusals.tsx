/** The chosen files left out, each with why (signing my own PDFs; sending an envelope). */
import { Trans, useTranslation } from 'react-i18next';
import type { FileRefusal } from './ownSigning.js';
import { refusals } from './signOwn.css.js';

export function FileRefusals({
  refused,
  limits,
}: {
  refused: readonly { name: string; why: FileRefusal }[];
  /** The limits the words name, in the page's digits. */
  limits: Record<string, string | number>;
}) {
  const { t } = useTranslation('my');
  if (refused.length === 0) return null;
  return (
    <div role="alert">
      <ul className={refusals}>
        {refused.map((refusal) => (
          <li key={`${refusal.name}:${refusal.why}`}>
            {/* The file's name as it was chosen: not translated. */}
            <Trans
              t={t}
              i18nKey={`signOwn.refused.${refusal.why}`}
              values={{ ...limits, name: refusal.name }}
              components={{ name: <bdi translate="no" /> }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
