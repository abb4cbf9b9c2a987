/**
 * One of my certificates (SPEC §3 "Certificate"; issue 18): who issued it to whom, when it is
 * valid, its class, whether it signs documents, its serial in hex and decimal, its key usage and
 * status. It downloads as PEM or DER, with the authority's chain, and — where its private key was
 * made in this browser — as a PKCS#12 file under a password the holder chooses, assembled here
 * (the key never leaves the browser otherwise). Revoking asks for a reason and a confirmation in
 * the identity app: it cannot be undone.
 */
import { CONTRACT, saveDownloadedFile, type EndpointOutput } from '@tawqi/api';
import { REVOCATION_REASONS, type RevocationReason } from '@tawqi/domain';
import { Button, Card, Dialog, Select } from '@tawqi/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { IdentityApp } from '../../components/IdentityApp.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { formGrid } from '../../components/forms.css.js';
import { certifiedKeyFingerprint, fromBase64, pem, pkcs12 } from '../../certificates/keys.js';
import { findKey, forgetKey, type StoredKey } from '../../certificates/keyStore.js';
import { useFormat } from '../../format.js';
import { invalidate } from '../../queries.js';
import { reportFailure, toasts } from '../../toasts.js';
import { Facts } from '../../components/Facts.js';
import { actions } from './my.css.js';
import { Pkcs12Dialog } from './Pkcs12Dialog.js';

export type HeldCertificate = EndpointOutput<typeof CONTRACT.myCertificates>['dataList'][number];

const save = (bytes: Uint8Array<ArrayBuffer>, fileName: string, type: string) => {
  saveDownloadedFile({ blob: new Blob([bytes], { type }), fileName });
};

/** This certificate's private key, where this browser holds it (null while looking). */
function useHeldKey(der: string) {
  const [key, setKey] = useState<{ fingerprint: string; stored: StoredKey | null } | null>(null);
  useEffect(() => {
    let current = true;
    certifiedKeyFingerprint(fromBase64(der))
      .then(async (fingerprint) => ({ fingerprint, stored: (await findKey(fingerprint)) ?? null }))
      .then(
        (found) => {
          if (current) setKey(found);
        },
        () => {
          if (current) setKey({ fingerprint: '', stored: null });
        },
      );
    return () => {
      current = false;
    };
  }, [der]);
  return [key, setKey] as const;
}

export function HeldCertificateCard({
  certificate,
  chain,
}: {
  certificate: HeldCertificate;
  /** The authority's certificates, issuing CA first (DER); null while they are read. */
  chain: readonly Uint8Array<ArrayBuffer>[] | null;
}) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [key, setKey] = useHeldKey(certificate.der);
  const [dialog, setDialog] = useState<'pkcs12' | 'revoke' | 'forget' | null>(null);
  const der = fromBase64(certificate.der);
  const name = certificate.serialNumberHex;

  // What needs the authority's chain waits for it.
  const downloads: [string, (() => void) | null][] = [
    [
      t('dsc.held.downloadPem'),
      () =>
        save(
          new TextEncoder().encode(pem('CERTIFICATE', der)),
          `${name}.pem`,
          'application/x-pem-file',
        ),
    ],
    [t('dsc.held.downloadDer'), () => save(der, `${name}.cer`, 'application/pkix-cert')],
    [
      t('dsc.held.downloadChain'),
      chain &&
        (() =>
          save(
            new TextEncoder().encode(
              [der, ...chain].map((item) => pem('CERTIFICATE', item)).join(''),
            ),
            `${name}-chain.pem`,
            'application/x-pem-file',
          )),
    ],
  ];

  return (
    <Card
      // Two certificates of one product are told apart by their serials' ends.
      title={
        <>
          {certificate.productName || t('dsc.held.certificate')}{' '}
          <Verbatim>{`…${certificate.serialNumberHex.slice(-8)}`}</Verbatim>
        </>
      }
      headingLevel={3}
    >
      <p>
        <Status status={certificate.status} />
      </p>
      <Facts
        facts={[
          [t('dsc.held.issuedBy'), <Verbatim key="by">{certificate.issuedBy}</Verbatim>],
          [t('dsc.held.issuedTo'), <Verbatim key="to">{certificate.issuedTo}</Verbatim>],
          [t('dsc.held.validFrom'), format.dateTime(certificate.validFrom)],
          [t('dsc.held.validTo'), format.dateTime(certificate.validTo)],
          ...(certificate.revokedAt
            ? [[t('dsc.held.revokedAt'), format.dateTime(certificate.revokedAt)] as const]
            : []),
          [
            t('dsc.held.class'),
            t(
              `dsc.classes.${certificate.class === 'organization' ? 'organization' : 'individual'}`,
            ),
          ],
          [
            t('dsc.held.documentSigner'),
            certificate.isDocumentSigner ? t('dsc.held.yes') : t('dsc.held.no'),
          ],
          [t('dsc.held.serialHex'), <Verbatim key="hex">{certificate.serialNumberHex}</Verbatim>],
          [
            t('dsc.held.serialDecimal'),
            <Verbatim key="decimal">{certificate.serialNumberDecimal}</Verbatim>,
          ],
          [
            t('dsc.held.keyUsage'),
            certificate.keyUsage
              .map((usage) => t(`dsc.usages.${usage}`, { defaultValue: usage }))
              .join(t('dsc.held.listSeparator')),
          ],
          [
            t('dsc.held.fingerprint'),
            <Verbatim key="fingerprint">{certificate.fingerprintSha256}</Verbatim>,
          ],
          [
            t('dsc.held.privateKey'),
            key === null ? '…' : key.stored ? t('dsc.held.keyHere') : t('dsc.held.keyNotHere'),
          ],
        ]}
      />
      <div className={actions}>
        {downloads.map(([label, run]) => (
          <Button
            key={label}
            variant="secondary"
            size="small"
            isDisabled={run === null}
            onPress={() => run?.()}
          >
            {label}
          </Button>
        ))}
        {key?.stored ? (
          <>
            <Button size="small" isDisabled={chain === null} onPress={() => setDialog('pkcs12')}>
              {t('dsc.held.downloadPkcs12')}
            </Button>
            <Button variant="secondary" size="small" onPress={() => setDialog('forget')}>
              {t('dsc.held.forgetKey')}
            </Button>
          </>
        ) : null}
        {certificate.status === 'valid' ? (
          <Button variant="danger" size="small" onPress={() => setDialog('revoke')}>
            {t('dsc.held.revoke')}
          </Button>
        ) : null}
      </div>
      {dialog === 'pkcs12' && key?.stored && chain ? (
        <Pkcs12Dialog
          onClose={() => setDialog(null)}
          privateKey={key.stored.keys.privateKey}
          holder={certificate.issuedTo}
          make={(privateKey, password) =>
            pkcs12({
              privateKey,
              certificate: der,
              chain,
              password,
              friendlyName: certificate.issuedTo,
            }).then((file) => {
              save(file, `${name}.p12`, 'application/x-pkcs12');
            })
          }
        />
      ) : null}
      {dialog === 'forget' && key?.stored ? (
        <ConfirmDialog
          title={t('dsc.held.forgetTitle')}
          alert
          keepLabel={t('dsc.held.keepKey')}
          confirmLabel={t('dsc.held.forgetKey')}
          variant="danger"
          busy={false}
          onConfirm={() => {
            void forgetKey(key.fingerprint).then(() => {
              setKey({ fingerprint: key.fingerprint, stored: null });
              setDialog(null);
              toasts.show({ variant: 'success', title: t('dsc.held.forgotten') });
            }, reportFailure);
          }}
          onClose={() => setDialog(null)}
        >
          <p>{t('dsc.held.forgetText')}</p>
        </ConfirmDialog>
      ) : null}
      {dialog === 'revoke' ? (
        <RevokeDialog serial={certificate.serialNumberHex} onClose={() => setDialog(null)} />
      ) : null}
    </Card>
  );
}

function RevokeDialog({ serial, onClose }: { serial: string; onClose: () => void }) {
  const { t } = useTranslation('my');
  const [reason, setReason] = useState<RevocationReason | null>(null);
  return (
    <Dialog title={t('dsc.revoke.title')} isOpen onOpenChange={(open) => !open && onClose()}>
      <div className={formGrid}>
        <p>{t('dsc.revoke.lead')}</p>
        <Select
          label={t('dsc.revoke.reason')}
          placeholder={t('dsc.revoke.choose')}
          options={(Object.keys(REVOCATION_REASONS) as RevocationReason[]).map((id) => ({
            id,
            label: t(`dsc.reasons.${id}`),
          }))}
          value={reason}
          onChange={(value) => setReason(value as RevocationReason)}
        />
        {reason ? (
          <IdentityApp
            key={reason}
            flow="certificate"
            certificate={{ action: 'revoke', serial, reason }}
            startLabel={t('dsc.revoke.confirm')}
            onApproved={() => {
              toasts.show({ variant: 'success', title: t('dsc.revoke.done') });
              onClose();
              void invalidate(CONTRACT.myCertificates.area);
            }}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
