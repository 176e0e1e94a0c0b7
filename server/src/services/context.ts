/** The services every route and job receives: one object built at start, no module globals. */
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { LoginThrottle } from '../auth/throttle';
import type { Mailer } from './mailer';
import type { LiveHub } from '../live/hub';

export interface Services {
  config: Config;
  db: Db;
  mailer: Mailer;
  throttle: LoginThrottle;
  live: LiveHub;
}
