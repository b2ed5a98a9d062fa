/**
 * Debian's Chromium and the flags this machine needs (no downloads, no background networking), for
 * the browser journeys and the web benchmark alike. CHROMIUM_PATH points elsewhere when set.
 */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
