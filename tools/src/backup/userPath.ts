import { resolve } from 'node:path';

/** A path given on the command line, relative to where `npm run` was typed (npm runs scripts at the root). */
export function userPath(path: string | undefined): string | undefined {
  return path === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}
