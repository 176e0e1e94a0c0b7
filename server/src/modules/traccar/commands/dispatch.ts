/**
 * Traccar's POST /api/commands/send: a saved command (`id`) or a new one, to one vehicle or to each vehicle
 * of a group the user sees. On the live connection the answer is 200 with the command; a vehicle that is
 * not connected gets it queued (202 with the queued command, as Traccar's QueuedCommand) unless
 * `attributes.noQueue`. Our rules stay: custom text composed on the spot needs an administrator (a saved
 * one was written by one), engineStop/engineResume need global.block and a vehicle with
 * has_immobilization. textChannel sends custom text by SMS to the vehicle's phone.
 */
import type { Services } from '../../../services/context';
import type { Scope } from '../../../auth/policy';
import { assertCanWrite, assertPermission } from '../../../auth/guard';
import { badRequest, forbidden, HttpError } from '../../../errors';
import { deviceJson } from '../../../db/rows';
import { boolAttr } from '../../../processing/deviceState';
import { pendingCommands } from '../../../processing/pendingCommands';
import { createSmsSender, isNumericPhone } from '../../../events/notify/sms';
import { BLOCK_TEXT, UNBLOCK_TEXT, sendOrQueue } from '../../../processing/commandDelivery';
import { isCommandType } from './commandTypes';

export interface CommandBody {
  id?: number;
  deviceId?: number;
  description?: string;
  type?: string;
  textChannel?: boolean;
  attributes?: Record<string, unknown>;
}

export interface ResolvedCommand {
  id: number;
  description: string;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
  saved: boolean;
}

type Device = ReturnType<typeof deviceJson>;

/** Who may keep or send a command of this type composed by them (saving follows the same rule). */
export function assertMayCompose(scope: Scope, type: string, attributes: Record<string, unknown>): void {
  if (!isCommandType(type)) throw badRequest(`Command ${type} is not supported`);
  if (type === 'custom') {
    if (!scope.admin) throw forbidden('Custom commands need an administrator');
    if (typeof attributes.data !== 'string' || !attributes.data.trim())
      throw badRequest('attributes.data is required');
    if (attributes.data.length > 512) throw badRequest('attributes.data: at most 512 characters');
  } else assertPermission(scope, 'global.block');
}

/** The Codec 12 text of a command for this vehicle (Traccar replaces `{uniqueId}` in custom text). */
export function commandText(command: ResolvedCommand, device: Device): string {
  if (command.type === 'engineStop' || command.type === 'engineResume') {
    if (!boolAttr(device.attributes.has_immobilization))
      throw badRequest('Veículo sem imobilizador (has_immobilization)');
    return command.type === 'engineStop' ? BLOCK_TEXT : UNBLOCK_TEXT;
  }
  return String(command.attributes.data ?? '').replaceAll('{uniqueId}', device.uniqueId);
}

export type Dispatched =
  | { status: 200; state: 'answered'; result: string }
  | { status: 200; state: 'sent' }
  | { status: 202; state: 'queued'; queuedId: number };

/** Sends one resolved command to one vehicle the user sees. */
export async function dispatch(
  services: Services,
  scope: Scope,
  command: ResolvedCommand,
  device: Device,
): Promise<Dispatched> {
  assertCanWrite(scope);
  if (command.type !== 'custom') assertPermission(scope, 'global.block');
  const text = commandText(command, device);
  if (!text) throw badRequest('attributes.data is required');
  if (command.textChannel) {
    if (!services.config.smsUrl) throw badRequest('SMS não configurado (FROTA_SMS_URL)');
    if (command.type !== 'custom') throw badRequest(`Command ${command.type} is not supported by SMS`);
    if (!isNumericPhone(device.phone)) throw badRequest('Veículo sem número de telefone para SMS');
    // the logger serves only a sender without a gateway, refused above
    const sms = createSmsSender(services.config.smsUrl, { info: () => undefined });
    try {
      await sms.send(device.phone, text);
    } catch (err) {
      throw new HttpError(502, `Erro ao enviar o SMS (${(err as Error).message})`);
    }
    return { status: 200, state: 'sent' };
  }
  const outcome = await sendOrQueue(
    services,
    device,
    text,
    undefined,
    undefined,
    !boolAttr(command.attributes.noQueue),
  );
  if (outcome.state === 'queued') {
    const waiting = (await pendingCommands(services.db, device.id)).find((c) => c.text === text);
    return { status: 202, state: 'queued', queuedId: waiting?.id ?? 0 };
  }
  return outcome.state === 'answered'
    ? { status: 200, state: 'answered', result: outcome.result }
    : { status: 200, state: 'sent' };
}

/** Traccar's JSON for what was done: the command (200) or the queued command (202), with our outcome. */
export function dispatchedJson(command: ResolvedCommand, deviceId: number, outcome: Dispatched) {
  const base = {
    deviceId,
    type: command.type,
    textChannel: command.textChannel,
    attributes: command.attributes,
    state: outcome.state,
  };
  if (outcome.state === 'queued')
    return {
      id: outcome.queuedId,
      ...base,
      message: 'Comando em espera: será enviado quando o veículo comunicar',
    };
  return {
    id: command.id,
    description: command.description,
    ...base,
    ...(outcome.state === 'answered'
      ? { result: outcome.result }
      : { message: 'Comando enviado, sem resposta do veículo' }),
  };
}
