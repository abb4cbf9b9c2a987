/**
 * The provider's tax invoices (ours, issue 38): the orders its staff placed and paid for its L2
 * providers, each with its PDF; for the staff who handle its payments.
 */
import { useTranslation } from 'react-i18next';
import { InvoiceList } from '../my/Invoices.js';
import { ProviderScreen } from './ProviderScreen.js';

export default function ProviderInvoices() {
  const { t } = useTranslation('org');
  return (
    <ProviderScreen title={t('invoices.title')} lead={t('invoices.providerLead')}>
      {({ provider }) => <InvoiceList owner={{ area: 'provider', sipId: provider }} />}
    </ProviderScreen>
  );
}
