#!/usr/bin/env node
// `npm start` runs two programs of Debian's beside the server in demo mode: SoftHSM, where the
// demo keeps its keys (issue 40), and ClamAV's clamd, which scans every upload (issue 41). On a
// fresh Debian machine they are not installed yet: as root, this installs what is missing (as
// .ci/run does); otherwise it says what to install. Nothing happens for what the configuration
// takes from elsewhere (HSM_MODULE, CLAMD_ADDRESS or UPLOAD_SCANNING=off).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findClamd } from '../dist/adapters/scanner/clamd.js';
import { SOFTHSM_PATHS } from '../dist/adapters/hsm/softHsm.js';

const env = process.env;
const wanted = [
  {
    name: 'SoftHSM',
    what: 'keeps the demo’s keys (a PKCS#11 module); or set HSM_MODULE to another module',
    debian: 'softhsm2',
    needed: !env.HSM_MODULE,
    present: () => SOFTHSM_PATHS.some((path) => existsSync(path)),
  },
  {
    name: 'ClamAV',
    what: 'scans every upload; or set CLAMD_ADDRESS to a running clamd',
    debian: 'clamav-daemon',
    needed: !env.CLAMD_ADDRESS && env.UPLOAD_SCANNING !== 'off',
    present: () => findClamd() !== null,
  },
].filter((item) => item.needed && !item.present());

if (wanted.length > 0) {
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!root || !apt) {
    for (const item of wanted)
      console.error(
        `Tawqi's demo needs ${item.name}, which ${item.what}. Install it (Debian/Ubuntu: \`sudo apt-get install ${item.debian}\`).`,
      );
    process.exit(1);
  }
  const packages = wanted.map((item) => item.debian);
  console.log(
    `Installing ${wanted.map((item) => item.name).join(' and ')} (Debian’s ${packages.join(', ')}) …`,
  );
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: aptEnv });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const still = wanted.filter((item) => !item.present());
  if (still.length > 0) {
    console.error(
      `${still.map((item) => item.debian).join(', ')} installed, but not where Tawqi looks for it.`,
    );
    process.exit(1);
  }
}
