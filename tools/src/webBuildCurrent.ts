// `npm start`: builds the web app (compressed as released) when it is missing, older than its sources, or
// the test suite's quick build.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../../e2e/src/webBuild';

ensureWebBuild(join(dirname(fileURLToPath(import.meta.url)), '..', '..'), { precompress: 'ship' });
