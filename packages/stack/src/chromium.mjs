// How Kith's browser runs (the e2e tests, the web benchmark) launch Chromium: Debian's build, never a
// downloaded browser, headless and quiet (no sandbox in containers, no background traffic or updates).
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's launch options for that Chromium (CHROMIUM_PATH overrides where it is), with `extraArgs` after the shared flags. */
export function chromiumLaunchOptions(extraArgs = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  };
}
