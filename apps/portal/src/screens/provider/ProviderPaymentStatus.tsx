/**
 * /app/provider/paymentStatus?payment=… (issue 36): where the gateway sends back the staff member
 * who paid for counters for one of the provider's L2 providers — the same page as a person's,
 * leading back to buying and to the stock report.
 */
import { useTranslation } from 'react-i18next';
import { PROVIDER_PATHS } from '../../paths.js';
import { PaymentStatus } from '../my/PaymentStatus.js';

export default function ProviderPaymentStatus() {
  const { t } = useTranslation('org');
  return (
    <PaymentStatus
      afterSuccess={[{ href: PROVIDER_PATHS.stockReport, label: t('providers.stock.title') }]}
      history={{ href: PROVIDER_PATHS.buyForL2, label: t('providers.buy.title') }}
    />
  );
}
