/**
 * A paid certificate on its way (issue 18): the key made in this browser and its PKCS#10 request
 * sent (`keyPending`), then the subscriber agreement accepted and the request confirmed in the
 * identity app (`confirmationPending`), which issues the certificate. Each step says what it is
 * doing while it runs. A request whose key was made in another browser (or whose key this
 * browser no longer has) can be sent a new key here: nothing paid for is lost.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import {
  CERTIFICATE_KEY_ALGORITHMS,
  SUBSCRIBER_AGREEMENT_VERSION,
  type CertificateKeyAlgorithm,
} from '@tawqi/domain';
import { Button, Card, Select, Spinner } from '@tawqi/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { AgreementAcceptance } from '../../components/AgreementAcceptance.js';
import { IdentityApp } from '../../components/IdentityApp.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { notice } from '../../components/forms.css.js';
import {
  certificationRequest,
  makeKeyPair,
  publicKeyFingerprint,
  toBase64,
} from '../../certificates/keys.js';
import { forgetKey, keepKey, keyForRequest } from '../../certificates/keyStore.js';
import { useFormat } from '../../format.js';
import { invalidate } from '../../queries.js';
import { reportFailure, toasts } from '../../toasts.js';
import { Facts } from '../../components/Facts.js';
import { muted } from './my.css.js';

export type CertificateRequest = EndpointOutput<
  typeof CONTRACT.myCertificateRequests
>['dataList'][number];

type Phase = 'idle' | 'making' | 'sending';

/** Whether this browser holds the request's key: null while looking. */
function useKeyHere(reference: string, status: string): boolean | null {
  const [here, setHere] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    keyForRequest(reference).then(
      (found) => {
        if (current) setHere(found !== null);
      },
      // IndexedDB refused (a private window may): as if the key were elsewhere.
      () => {
        if (current) setHere(false);
      },
    );
    return () => {
      current = false;
    };
  }, [reference, status]);
  return here;
}

export function CertificateRequestCard({ request }: { request: CertificateRequest }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [algorithm, setAlgorithm] = useState<CertificateKeyAlgorithm>('ECDSA-P-256');
  const [phase, setPhase] = useState<Phase>('idle');
  const [accepted, setAccepted] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const keyHere = useKeyHere(request.reference, request.status);

  const makeKey = async () => {
    let fingerprint: string | null = null;
    try {
      setPhase('making');
      // A key this browser made earlier for the request is replaced once the new one is taken.
      const previous = await keyForRequest(request.reference);
      const keys = await makeKeyPair(algorithm);
      fingerprint = await publicKeyFingerprint(keys.publicKey);
      // Kept before it is sent: the certificate that comes back needs it.
      await keepKey(fingerprint, {
        keys,
        algorithm,
        reference: request.reference,
        createdAt: new Date().toISOString(),
      });
      setPhase('sending');
      const csr = await certificationRequest(keys, request.reference);
      await api.call(CONTRACT.submitCertificateKey, {
        params: { reference: request.reference },
        body: { csr: toBase64(csr), keyAlgorithm: algorithm },
      });
      if (previous && previous.fingerprint !== fingerprint) await forgetKey(previous.fingerprint);
      toasts.show({ variant: 'success', title: t('dsc.request.keySent') });
      setReplacing(false);
      await invalidate(CONTRACT.myCertificateRequests.area);
    } catch (error) {
      // A key the server refused is of no use.
      if (fingerprint) await forgetKey(fingerprint).catch(() => undefined);
      reportFailure(error);
    } finally {
      setPhase('idle');
    }
  };

  const keyStep = (
    <>
      <p>{t('dsc.request.keyLead')}</p>
      <Select
        label={t('dsc.request.algorithm')}
        description={t('dsc.request.algorithmHelp')}
        options={CERTIFICATE_KEY_ALGORITHMS.map((id) => ({
          id,
          label: t(`dsc.algorithms.${id}`),
        }))}
        value={algorithm}
        onChange={(key) => setAlgorithm(key as CertificateKeyAlgorithm)}
        isDisabled={phase !== 'idle'}
      />
      {phase === 'idle' ? null : (
        <div role="status">
          <Spinner /> {phase === 'making' ? t('dsc.request.making') : t('dsc.request.sending')}
        </div>
      )}
      <div>
        <Button onPress={() => void makeKey()} isPending={phase !== 'idle'}>
          {t('dsc.request.makeKey')}
        </Button>
      </div>
    </>
  );

  const confirmStep =
    keyHere === null ? (
      <Spinner showLabel />
    ) : !keyHere && !replacing ? (
      <div className={notice}>
        <p>{t('dsc.request.keyElsewhere')}</p>
        <Button variant="secondary" onPress={() => setReplacing(true)}>
          {t('dsc.request.newKey')}
        </Button>
      </div>
    ) : replacing ? (
      keyStep
    ) : (
      <>
        <p>{t('dsc.request.confirmLead')}</p>
        <AgreementAcceptance accepted={accepted} onChange={setAccepted} />
        {accepted ? (
          <IdentityApp
            flow="certificate"
            certificate={{
              action: 'issue',
              reference: request.reference,
              agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
            }}
            startLabel={t('dsc.request.confirm')}
            onApproved={() => {
              toasts.show({ variant: 'success', title: t('dsc.request.issued') });
              void invalidate(CONTRACT.myCertificateRequests.area);
            }}
          />
        ) : (
          <p className={muted}>{t('dsc.request.acceptFirst')}</p>
        )}
      </>
    );

  return (
    <Card
      // Named by its reference too: two requests may be for one product.
      title={
        <>
          {request.productName} <Verbatim>{request.reference}</Verbatim>
        </>
      }
      headingLevel={3}
    >
      <Facts
        facts={[
          [t('dsc.request.status'), <Status key="status" status={request.status} />],
          ...(request.organizationName
            ? [[t('dsc.request.organization'), request.organizationName] as const]
            : []),
          [
            request.organizationName ? t('dsc.request.asked') : t('dsc.request.paid'),
            format.dateTime(request.createdDate),
          ],
          ...(request.remarks ? [[t('dsc.request.remarks'), request.remarks] as const] : []),
        ]}
      />
      {request.status === 'keyPending' ? (
        keyStep
      ) : request.status === 'confirmationPending' ? (
        confirmStep
      ) : request.status === 'approvalPending' ? (
        <p>{t('dsc.request.awaitingApproval')}</p>
      ) : null}
    </Card>
  );
}
