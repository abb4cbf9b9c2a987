/**
 * /app/org/paymentStatus?payment=… (SPEC §2): where the gateway sends back the member who paid
 * for the organization's counters or seats — the same page as a person's, leading to the
 * organization's purchases.
 */
import { useTranslation } from 'react-i18next';
import { ORG_PATHS } from '../../paths.js';
import { PaymentStatus } from '../my/PaymentStatus.js';

export default function OrgPaymentStatus() {
  const { t } = useTranslation('org');
  return (
    <PaymentStatus
      afterSuccess={[
        { href: ORG_PATHS.counterPurchases, label: t('buy.counter.title') },
        { href: ORG_PATHS.rolePurchases, label: t('buy.role.title') },
      ]}
      history={{ href: ORG_PATHS.counterPurchases, label: t('buy.purchases') }}
    />
  );
}
