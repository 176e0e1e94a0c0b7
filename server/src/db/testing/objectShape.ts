/**
 * V8's own answer to "is this object still shaped, or has it become a hash table" (tests only). The flag
 * lets a function compiled after it ask; nothing else in the process changes.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');

export const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
