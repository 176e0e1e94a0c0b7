/**
 * Sends a camera request to the tracker like the other commands (api/commands.ts): on the live Codec 12
 * session when this node holds it, otherwise queued in the database (pendingCommands) for whichever node
 * the vehicle reports to next. Document 3 §8: success `Comando enviado com sucesso`, failure
 * `Erro ao enviar comando`.
 */
import type { Services } from '../../services/context';
import { sendOrQueue } from '../../processing/commandDelivery';
import { HttpError } from '../../errors';

export const COMMAND_SENT = 'Comando enviado com sucesso';
export const COMMAND_FAILED = 'Erro ao enviar comando';

/** How long a command on a live connection waits for the tracker's answer (as the other commands). */
export const CAMERA_ANSWER_WAIT_MS = 10_000;

export type CameraCommandOutcome =
  | { state: 'answered'; result: string; message: string; command: string }
  | { state: 'sent' | 'queued'; message: string; command: string };

export async function sendCameraCommand(
  services: Services,
  device: { id: number; uniqueId: string },
  command: string,
  waitMs = CAMERA_ANSWER_WAIT_MS,
): Promise<CameraCommandOutcome> {
  try {
    const outcome = await sendOrQueue(services, device, command, waitMs, () => COMMAND_FAILED);
    return { ...outcome, message: COMMAND_SENT, command };
  } catch (err) {
    // the live session's refusal, or a database that could not queue it
    throw err instanceof HttpError ? err : new HttpError(502, COMMAND_FAILED);
  }
}
