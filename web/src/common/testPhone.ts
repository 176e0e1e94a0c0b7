/**
 * Test support: runs `body` as on a phone, every max-width media query matching (MUI's `down`
 * breakpoints), and gives the window its own matchMedia back afterwards.
 */
export async function asPhone<T>(body: () => T | Promise<T>): Promise<T> {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  try {
    return await body();
  } finally {
    window.matchMedia = matchMedia;
  }
}
