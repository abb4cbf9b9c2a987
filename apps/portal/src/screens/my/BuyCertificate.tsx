/**
 * Buy a digital signature certificate (SPEC §2 `dsc/buy`; issue 18): the certificates on sale
 * with their class, validity and price with VAT → a confirmation of what is paid → the order
 * (one per confirmation, whatever the clicks: Idempotency-Key) → the gateway's page → back to the
 * payment status. Paying opens a request under My certificates, where the key is made in this
 * browser and the request confirmed; the steps are said here before anything is paid.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { Button, Card, EmptyState, ErrorState, Link, Spinner } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useFormat } from '../../format.js';
import { MY_PATHS } from '../../paths.js';
import { useCheckout } from '../../payments.js';
import { useApi } from '../../queries.js';
import { planMuted, planPrice } from '../../components/planCard.css.js';
import { cards, factLabel, factValue, facts, heading, muted, screen, title } from './my.css.js';

type Product = EndpointOutput<typeof CONTRACT.certificateProducts>['dataList'][number];

export default function BuyCertificate() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const products = useApi(CONTRACT.certificateProducts, {});
  const [chosen, setChosen] = useState<Product | null>(null);
  const { ordering, renew, checkout } = useCheckout();

  const open = (product: Product) => {
    renew();
    setChosen(product);
  };

  const order = (product: Product) =>
    checkout((options) =>
      api.call(CONTRACT.buyCertificate, { body: { productSlno: product.productSlno } }, options),
    );

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('dscBuy.title')}</h1>
        <Link href={MY_PATHS.certificates}>{t('dscBuy.mine')}</Link>
      </div>
      <p className={muted}>{t('dscBuy.lead')}</p>
      <ol>
        <li>{t('dscBuy.steps.pay')}</li>
        <li>{t('dscBuy.steps.key')}</li>
        <li>{t('dscBuy.steps.confirm')}</li>
      </ol>
      {products.data ? (
        <p className={muted}>{t('dscBuy.vat', { vat: format.number(products.data.vat) })}</p>
      ) : null}
      {products.status === 'failed' ? (
        <ErrorState
          message={products.message}
          retryAt={products.retryAt}
          onRetry={products.reload}
        />
      ) : !products.data ? (
        <Spinner showLabel />
      ) : products.data.dataList.length === 0 ? (
        <EmptyState title={t('dscBuy.empty')} />
      ) : (
        <div className={cards}>
          {products.data.dataList.map((product) => (
            <Card key={product.productSlno} title={product.name} headingLevel={2}>
              <p className={planPrice}>{format.sar(product.totalPrice)}</p>
              <p className={planMuted}>
                {t('dscBuy.includesVat', {
                  price: format.sar(product.price),
                  tax: format.sar(product.tax),
                })}
              </p>
              <p>{t('dscBuy.validity', { count: product.validityMonths })}</p>
              {/* A product's name is long: the button says "Buy", its name says which. */}
              <Button
                onPress={() => open(product)}
                aria-label={t('dscBuy.choose', { product: product.name })}
              >
                {t('dscBuy.buy')}
              </Button>
            </Card>
          ))}
        </div>
      )}
      {chosen ? (
        <ConfirmDialog
          title={t('dscBuy.confirmTitle')}
          keepLabel={t('dscBuy.back')}
          confirmLabel={t('dscBuy.pay')}
          busy={ordering}
          onConfirm={() => void order(chosen)}
          onClose={() => {
            if (!ordering) setChosen(null);
          }}
        >
          <dl className={facts}>
            <dt className={factLabel}>{t('dscBuy.product')}</dt>
            <dd className={factValue}>{chosen.name}</dd>
            <dt className={factLabel}>{t('dscBuy.price')}</dt>
            <dd className={factValue}>{format.sar(chosen.price)}</dd>
            <dt className={factLabel}>{t('dscBuy.tax')}</dt>
            <dd className={factValue}>{format.sar(chosen.tax)}</dd>
            <dt className={factLabel}>{t('dscBuy.total')}</dt>
            <dd className={factValue}>{format.sar(chosen.totalPrice)}</dd>
          </dl>
          <p>{t('dscBuy.afterPayment')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
