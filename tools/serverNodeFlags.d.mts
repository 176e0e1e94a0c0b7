/** Types of serverNodeFlags.mjs (plain JavaScript, read by node without a TypeScript loader). */
export const SERVER_NODE_FLAGS: string[];
