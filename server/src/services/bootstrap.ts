/** First start: the administrator of ARCHITECTURE §3 on an empty database. */
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { fromBool, toJson } from '../db/mapping';
import { hashPassword, randomToken } from '../auth/password';

export async function ensureAdministrator(
  db: Db,
  email: string,
  password: string | undefined,
  log: Logger,
): Promise<void> {
  const any = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const chosen = password ?? randomToken(16);
  const { hash, salt } = await hashPassword(chosen);
  await db.kysely
    .insertInto('users')
    .values({
      name: 'Administrador',
      email,
      phone: null,
      hashedPassword: hash,
      salt,
      readonly: fromBool(db.dialect, false),
      administrator: fromBool(db.dialect, true),
      disabled: fromBool(db.dialect, false),
      expirationTime: null,
      userLimit: -1,
      deviceLimit: -1,
      token: randomToken(128),
      attributes: toJson({ language: 'pt', timezone: 'Africa/Luanda' }),
    })
    .execute();
  if (password) log.info({ email }, 'administrator created with FROTA_ADMIN_PASSWORD');
  // Printed once, on the console only, so the operator can log in the first time.
  else
    console.log(
      `\n  Frota administrator created: ${email}  password: ${chosen}\n  (set FROTA_ADMIN_PASSWORD to choose it)\n`,
    );
}
