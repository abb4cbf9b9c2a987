/**
 * `npm run esign:register -w @tawqi/server -- …`: registers (or renews the credential of) an
 * application that sends signing requests, for an operator acting on a provider's
 * behalf, and prints the webhook secret to give the provider. A provider's own screen for this is
 * not built; this is the one way outside demo mode.
 *
 *   --client-id erp-01 --provider SIP-0001 --name-en "Riyadh ERP" --name-ar "نظام الرياض"
 *   --public-key key.pem | --certificate client.pem
 *   --return-origin https://erp.example.sa [--return-origin …] [--webhook https://…] [--organization 314]
 *   [--stamp-appearance logo|text|none] [--stamp-placement 1-50,50,290,140]  (its requests' default stamp)
 *
 * Exits 0 when registered, 1 when the arguments are refused (each reason printed), 2 when the
 * database could not be used.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { deriveKeys } from '../keys.js';
import {
  checkedRegistration,
  registerApplication,
  webhookSecret,
} from '../modules/esign/applications.js';
import { toolConfig, toolDatabase } from './database.js';

async function main(): Promise<number> {
  const config = toolConfig();
  if (!config) return 2;
  const { values } = parseArgs({
    options: {
      'client-id': { type: 'string' },
      provider: { type: 'string' },
      organization: { type: 'string' },
      'name-en': { type: 'string' },
      'name-ar': { type: 'string' },
      'public-key': { type: 'string' },
      certificate: { type: 'string' },
      'return-origin': { type: 'string', multiple: true },
      webhook: { type: 'string' },
      'stamp-appearance': { type: 'string' },
      'stamp-placement': { type: 'string' },
    },
  });
  const stampAsked = values['stamp-appearance'] ?? values['stamp-placement'];
  const pemFile = values.certificate ?? values['public-key'];
  const { pool, close } = await toolDatabase(config);
  try {
    const checked = await checkedRegistration(
      pool,
      {
        clientId: values['client-id'] ?? '',
        providerId: values.provider ?? '',
        organization: values.organization ? Number(values.organization) : null,
        nameEnglish: values['name-en'] ?? '',
        nameArabic: values['name-ar'] ?? '',
        credential: {
          kind: values.certificate ? 'certificate' : 'publicKey',
          pem: pemFile ? readFileSync(pemFile, 'utf8') : '',
        },
        returnOrigins: values['return-origin'] ?? [],
        webhookUrl: values.webhook ?? null,
        defaultStamp:
          stampAsked === undefined
            ? null
            : {
                ...(values['stamp-appearance'] ? { appearance: values['stamp-appearance'] } : {}),
                ...(values['stamp-placement'] ? { placement: values['stamp-placement'] } : {}),
              },
      },
      { production: !config.demo },
    );
    if ('problems' in checked) {
      for (const problem of checked.problems) console.error(`refused: ${problem}`);
      return 1;
    }
    await registerApplication(pool, checked.application, new Date());
    console.log(`registered ${checked.application.clientId}`);
    if (checked.application.webhookUrl)
      console.log(
        `webhook secret (HMAC-SHA256 key; give it to the provider): ${webhookSecret({ keys: deriveKeys(config.secrets) }, checked.application.clientId)}`,
      );
    return 0;
  } catch (error) {
    console.error(`the application could not be registered: ${String(error)}`);
    return 2;
  } finally {
    await close();
  }
}

process.exit(await main());
