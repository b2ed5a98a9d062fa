// The tests need two programs of Debian's (no browser downloads on these machines): Chromium, which
// the browser journeys drive, and poppler-utils, whose pdftotext and pdftoppm read the PDF
// documents the portal makes. Installs what is missing when we may (root with apt-get); otherwise
// stops with what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** What the tests run, and the Debian package that has it. */
const TOOLS = [
  { what: 'Chromium', path: CHROMIUM, debian: 'chromium', env: 'or set CHROMIUM_PATH to a Chromium binary' },
  { what: 'pdftotext (poppler-utils)', path: '/usr/bin/pdftotext', debian: 'poppler-utils', env: '' },
  { what: 'pdftoppm (poppler-utils)', path: '/usr/bin/pdftoppm', debian: 'poppler-utils', env: '' },
];

const missing = () => TOOLS.filter((tool) => !fs.existsSync(tool.path));
if (missing().length === 0) process.exit(0);

const packages = [...new Set(missing().map((tool) => tool.debian))];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log(`The tests need ${packages.join(' and ')}; installing Debian's package(s)...`);
  try {
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
      {
        stdio: 'inherit',
      },
    );
  } catch {
    console.error(`Installing failed. Install them yourself: apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
  if (missing().length === 0) process.exit(0);
}
for (const tool of missing()) {
  console.error(
    `The tests need ${tool.what} at ${tool.path}.\n` +
      `Install it with: sudo apt-get install -y ${tool.debian} (Debian/Ubuntu)${tool.env ? `, ${tool.env}` : ''}.`,
  );
}
process.exit(1);
