/** Web unit tests render screens in Portuguese: every area's texts are loaded before any test runs. */
import { ensureLanguage } from './app/i18n';

await ensureLanguage('pt');
