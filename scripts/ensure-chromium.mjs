// Browser tests drive Debian's Chromium (no browser downloads on these machines). Installs it
// when it is missing and we may (root with apt-get); otherwise stops with what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log(
    `Chromium is not at ${CHROMIUM}; installing Debian's chromium package for the browser tests...`,
  );
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } catch {
    console.error('Installing chromium failed. Install it yourself: apt-get install -y chromium');
    process.exit(1);
  }
  if (fs.existsSync(CHROMIUM)) process.exit(0);
}
console.error(
  `The browser tests need Chromium at ${CHROMIUM}.\n` +
    'Install it with: sudo apt-get install -y chromium (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.',
);
process.exit(1);
