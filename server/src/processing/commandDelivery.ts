/**
 * Delivery of a text command to a vehicle: on the live connection when this node holds it, else queued
 * for the next time the vehicle reports (processing/pendingCommands.ts). Used by the core's command
 * routes and by the modules that send commands (Traccar's saved commands, cameras).
 */
import type { Services } from '../services/context';
import { badRequest, HttpError } from '../errors';
import { queueCommand } from './pendingCommands';

/** How long a command on a live connection waits for the device's answer. */
export const ANSWER_WAIT_MS = 10_000;

export type CommandOutcome = { state: 'answered'; result: string } | { state: 'sent' } | { state: 'queued' };

export const BLOCK_TEXT = 'setdigout 1';
export const UNBLOCK_TEXT = 'setdigout 0';
/** DOUT2 drives the RFID reader's buzzer; `?` leaves DOUT1 (the immobiliser) as it is. */
export const BUZZER_ON_TEXT = 'setdigout ?1';
export const BUZZER_OFF_TEXT = 'setdigout ?0';

/**
 * Sends a Codec 12 text on the live session when this node holds it (waiting `waitMs` for the answer),
 * otherwise queues it in the database for whichever node the vehicle reports to next (this one or
 * another); with `queue` false (Traccar's `noQueue`) a vehicle that is not connected is a 400 instead.
 * A refusal on the live session is a 502 with `failure(reason)`.
 */
export async function sendOrQueue(
  services: Services,
  device: { id: number; uniqueId: string },
  text: string,
  waitMs = ANSWER_WAIT_MS,
  failure: (reason: string) => string = (reason) => `Erro ao enviar o comando (${reason})`,
  queue = true,
) {
  const channel = services.commands;
  if (channel) {
    try {
      return {
        state: 'answered',
        result: await channel.send(device.uniqueId, text, waitMs),
      } as const;
    } catch (err) {
      const message = (err as Error).message;
      if (/no answer/.test(message)) return { state: 'sent' } as const;
      if (!/not connected|disconnected/.test(message)) throw new HttpError(502, failure(message));
    }
  }
  if (!queue) throw badRequest('Veículo sem ligação: o comando não foi enviado');
  await queueCommand(services.db, device.id, text);
  return { state: 'queued' } as const;
}
