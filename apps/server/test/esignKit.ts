/**
 * What the eSign tests share: a registered application and its client, a request, a PDF of some
 * pages, and the signer's approval on the (simulated) identity app.
 */
import { randomUUID } from 'node:crypto';
import { PDF } from '@libpdf/core';
import type { SignatureStamp, SigningRequest } from '@tawqi/api';
import { exportSPKI, generateKeyPair } from 'jose';
import { createEsignClient } from '../src/demo/esignApp/client.js';
import { registerApplication } from '../src/modules/esign/applications.js';
import type { Harness } from './harness.js';

export function esignKit(h: Harness) {
  const RETURN = 'https://erp.example.sa';

  async function pdfOf(pages: number): Promise<Buffer> {
    const pdf = PDF.create();
    for (let page = 1; page <= pages; page++)
      pdf.addPage().drawText(`Supply contract, page ${String(page)}`, { x: 72, y: 720, size: 14 });
    return Buffer.from(await pdf.save());
  }

  /** A registered application (of an organization, or for individuals) and its client. */
  async function application(
    orgSlno: number | null,
    options: {
      webhookUrl?: string;
      certificate?: (keys: CryptoKeyPair) => Promise<string>;
      defaultStamp?: SignatureStamp;
    } = {},
  ) {
    const keys = await generateKeyPair('ES256', { extractable: true });
    const clientId = `test-${randomUUID().slice(0, 8)}`;
    const [provider] = (
      await h.pool.query<{ sip_slno: number }>(
        orgSlno === null
          ? 'SELECT sip_slno FROM service_providers ORDER BY sip_slno LIMIT 1'
          : 'SELECT sip_slno FROM organizations WHERE org_slno = $1',
        orgSlno === null ? [] : [orgSlno],
      )
    ).rows;
    await registerApplication(
      h.pool,
      {
        clientId,
        sipSlno: provider?.sip_slno ?? 0,
        orgSlno,
        nameEnglish: 'Test ERP',
        nameArabic: 'نظام الاختبار',
        credential: options.certificate
          ? { kind: 'certificate', pem: await options.certificate(keys) }
          : { kind: 'publicKey', pem: await exportSPKI(keys.publicKey) },
        returnOrigins: [RETURN],
        webhookUrl: options.webhookUrl ?? null,
        defaultStamp: options.defaultStamp ?? null,
      },
      h.clock.now,
    );
    const client = createEsignClient({
      baseUrl: h.deps.config.publicOrigin,
      clientId,
      privateKey: keys.privateKey,
      algorithm: 'ES256',
      // The application reaches the test's server where the public origin would be.
      fetch: (input, init) =>
        fetch((input as string).replace(h.deps.config.publicOrigin, h.baseUrl), init),
      now: () => h.clock.now,
    });
    return { clientId, keys, client };
  }

  const request = (nationalId: string, documents: SigningRequest['documents']): SigningRequest => ({
    txnId: `T-${randomUUID()}`,
    timestamp: h.clock.now.toISOString(),
    signer: { nationalId },
    consent: true,
    returnUrl: `${RETURN}/signed`,
    documents,
  });

  /** The signer picks the right number on their phone, and the application asks for the outcome. */
  async function approve(
    client: ReturnType<typeof createEsignClient>,
    txnId: string,
    nationalId: string,
  ) {
    const [waiting] = await h.simulator.pending(nationalId);
    if (!waiting) throw new Error('the signer was not asked');
    await h.simulator.answer(waiting.transId, 'approve');
    // The identity app is asked at most once a second per transaction; the clock follows the real
    // one (openssl checks the certificate's times against it).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    h.clock.now = new Date();
    return client.outcome(txnId);
  }

  return { RETURN, pdfOf, application, request, approve, derLength };
}

/** A DER value's whole length from its header (the /Contents placeholder pads it with zeros). */
function derLength(der: Buffer): number {
  const first = der[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const octets = first & 0x7f;
  return 2 + octets + der.subarray(2, 2 + octets).reduce((length, byte) => length * 256 + byte, 0);
}
