/** Playwright's launch options for Debian's Chromium (CHROMIUM_PATH overrides where it is), with `extraArgs` after the shared flags. */
export function chromiumLaunchOptions(extraArgs?: string[]): { executablePath: string; args: string[] };
