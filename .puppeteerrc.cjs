/**
 * Puppeteer (a dependency of whatsapp-web.js, the `whatsapp` channel type) must never download a
 * browser: the server launches Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium).
 * @type {import('puppeteer').Configuration}
 */
module.exports = {
  skipDownload: true,
  chrome: { skipDownload: true },
  'chrome-headless-shell': { skipDownload: true },
  firefox: { skipDownload: true },
};
