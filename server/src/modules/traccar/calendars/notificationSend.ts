/**
 * Messages sent straight to users through one notificator (Traccar's `/notifications/test` and
 * `/notifications/send/{notificator}`): the test message, or an announcement with a subject and a body.
 */
import type { Mailer } from '../../../services/mailer';
import type { User } from '../../../db/rows';
import { badRequest } from '../../../errors';
import { isNumericPhone, type SmsSender } from '../../../events/notify/sms';
import type { NotificatorType } from './notificationTypes';

export interface Message {
  subject: string;
  body: string;
}

export const TEST_MESSAGE: Message = {
  subject: 'Mensagem de teste',
  body: 'Esta é uma notificação de teste da Frota: as notificações chegam a este destino.',
};

export interface Senders {
  mailer: Mailer;
  sms: SmsSender;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Delivers the message to the user through the notificator; a failure answers 400 as in Traccar. The web
 * notificator shows events only: a message to it is accepted and nothing is shown.
 */
export async function sendMessage(
  notificator: NotificatorType,
  user: Pick<User, 'email' | 'phone'>,
  message: Message,
  senders: Senders,
): Promise<void> {
  try {
    if (notificator === 'mail') {
      await senders.mailer.send({ to: user.email, subject: message.subject, text: message.body });
    } else if (notificator === 'sms') {
      if (!isNumericPhone(user.phone)) throw new Error('o utilizador não tem um telefone numérico');
      await senders.sms.send(user.phone.trim(), `${message.subject}: ${message.body}`);
    }
  } catch (err) {
    throw badRequest(`Envio por ${notificator} falhou: ${errorText(err)}`);
  }
}
