/**
 * Password recovery: a one-time token by e-mail, then a new password (document 1 §4, §8). Asking is
 * limited per address and per client (auth/mailBudget.ts) and answers 204 whether or not the address has
 * an account.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/context';
import { badRequest } from '../errors';
import { hashPassword } from '../auth/password';
import { endOtherCredentials } from '../auth/credentials';
import { fromBool, toBool } from '../db/mapping';

const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function origin(services: Services, req: FastifyRequest): string {
  if (services.config.publicUrl) return services.config.publicUrl.replace(/\/$/, '');
  return `${req.protocol}://${req.headers.host ?? `localhost:${services.config.port}`}`;
}

export function passwordRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  app.post(
    '/api/password/reset',
    {
      schema: {
        tags: ['session'],
        summary: 'E-mail a password recovery link (form email)',
        body: z.object({ email: z.string().trim().email().max(128) }),
      },
    },
    async (req, reply) => {
      const email = (req.body as { email: string }).email.toLowerCase();
      // Counted before the lookup, for known and unknown addresses alike (issue 33, point 6).
      await services.mailBudget.reset(email, req.ip);
      const user = await db.kysely
        .selectFrom('users')
        .select(['id', 'name', 'email', 'disabled'])
        .where('email', '=', email)
        .executeTakeFirst();
      // Unknown addresses get the same answer, so the call cannot be used to discover accounts.
      if (user && !toBool(user.disabled)) {
        const token = randomBytes(32).toString('base64url');
        await db.kysely
          .insertInto('passwordResets')
          .values({
            tokenHash: sha256(token),
            userId: user.id,
            expiresAt: Date.now() + RESET_TTL_MS,
            used: fromBool(db.dialect, false),
          })
          .execute();
        const link = `${origin(services, req)}/login?reset=${token}&user=${Buffer.from(email).toString('base64url')}`;
        // Not awaited, and a failure only logged: the answer's time and status would otherwise tell which
        // addresses have an account.
        services.mailer
          .send({
            to: email,
            subject: 'Frota: recuperação de password',
            text: `Olá ${user.name},\n\nPara definir uma nova password abra este endereço (válido durante 1 hora):\n${link}\n\nSe não pediu a recuperação, ignore esta mensagem.`,
          })
          .catch((err: unknown) =>
            req.log.error({ err: (err as Error).message }, 'password reset mail failed'),
          );
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/password/update',
    {
      schema: {
        tags: ['session'],
        summary: 'Set a new password with a recovery token (form token, password)',
        body: z.object({ token: z.string().min(1).max(256), password: z.string().min(1).max(256) }),
      },
    },
    async (req, reply) => {
      const { token, password } = req.body as { token: string; password: string };
      const hash = sha256(token);
      const row = await db.kysely
        .selectFrom('passwordResets')
        .selectAll()
        .where('tokenHash', '=', hash)
        .executeTakeFirst();
      if (!row || toBool(row.used) || Number(row.expiresAt) < Date.now())
        throw badRequest('Invalid or expired token');
      const { hash: hashed, salt } = await hashPassword(password);
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ hashedPassword: hashed, salt })
          .where('id', '=', row.userId)
          .execute();
        await trx
          .updateTable('passwordResets')
          .set({ used: fromBool(db.dialect, true) })
          .where('tokenHash', '=', hash)
          .execute();
      });
      // the old password's sessions, issued tokens and own token end with it (issue 33, point 7)
      await endOtherCredentials(db, Number(row.userId));
      return reply.code(204).send();
    },
  );
}
