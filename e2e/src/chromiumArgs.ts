/** Chromium's switches for the browser tests; `fakeCamera`: its test camera answers getUserMedia. */
export const chromiumArgs = (options: { fakeCamera?: boolean } = {}): string[] => [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(options.fakeCamera ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
];
