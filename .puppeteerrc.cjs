// Puppeteer's own browser download cannot reach the network here; the tests find
// Debian's Chromium instead (see tests/e2e/harness/find-chromium.ts).
module.exports = { skipDownload: true };
