import type { Ingest } from '../../processing/ingest';
import type { FramedListener, OsmandListener, TeltonikaListener } from '../../protocols';
import type { CameraListener } from '../../protocols/camera';

/** The running parts health and metrics look at; each is absent until it has started. */
export interface OperatedParts {
  node?: string;
  ingest?: Ingest;
  teltonika?: TeltonikaListener;
  osmand?: OsmandListener;
  camera?: CameraListener;
  framed?: readonly FramedListener[];
}
