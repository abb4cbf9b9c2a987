#!/usr/bin/env node
// `npm start` keeps the demo's keys in SoftHSM (issue 40). On a fresh Debian machine it is not
// installed yet: as root, this installs Debian's softhsm2 (as .ci/run does); otherwise it says
// what to install. Nothing happens when HSM_MODULE names another module or SoftHSM is there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SOFTHSM_PATHS } from '../dist/adapters/hsm/softHsm.js';

const present = () => SOFTHSM_PATHS.some((path) => existsSync(path));

if (!process.env.HSM_MODULE && !present()) {
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!root || !apt) {
    console.error(
      'Tawqi keeps its keys in a PKCS#11 module; in demo mode that is SoftHSM, which is not installed.\n' +
        'Install it (Debian/Ubuntu: `sudo apt-get install softhsm2`), or set HSM_MODULE to another module.',
    );
    process.exit(1);
  }
  console.log('Installing SoftHSM (Debian’s softhsm2), where the demo keeps its keys …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'softhsm2'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  if (!present()) {
    console.error('softhsm2 was installed but its library is not where Tawqi looks for it.');
    process.exit(1);
  }
}
