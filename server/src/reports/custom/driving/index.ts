/** The specific reports of the driving family (document 2 §2.1). */
import type { ReportDef } from '../../reportDef';
import { LUANDA_SPEEDING } from './luandaSpeeding';
import { ECO_DRIVING } from './ecoDriving';
import { RAG } from './rag';
import { DRIVING_LIMITS } from './drivingLimits';
import { MALFUNCTION } from './malfunction';
import { VISTA_WASTE } from './vistaWaste';

export const DRIVING_REPORTS: ReportDef[] = [
  LUANDA_SPEEDING,
  VISTA_WASTE,
  ECO_DRIVING,
  RAG,
  DRIVING_LIMITS,
  MALFUNCTION,
];
