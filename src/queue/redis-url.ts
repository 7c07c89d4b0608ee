/**
 * The `--queue` flag: a Redis URL, checked before anything connects. Only plain `redis://` on a host
 * and port with an optional database number; the message says what is accepted.
 */
import { z } from 'zod';

export interface RedisTarget {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  /** the URL without a password, for messages */
  shown: string;
}

const ACCEPTED = 'redis://HOST:PORT[/DB], e.g. redis://127.0.0.1:6379/0 (a password as redis://:PASSWORD@HOST:PORT)';

function parseRedisUrl(text: string): RedisTarget | string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return `'${text}' is not a URL; give ${ACCEPTED}`;
  }
  if (u.protocol !== 'redis:') return `'${u.protocol}' is not supported (rediss:// and unix sockets are not); give ${ACCEPTED}`;
  if (!u.hostname) return `'${text}' names no host; give ${ACCEPTED}`;
  if (!u.port) return `'${text}' names no port; give ${ACCEPTED}`;
  const port = Number(u.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return `port ${u.port} is not 1..65535; give ${ACCEPTED}`;
  const path = u.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,2}$/.test(path)) return `'/${path}' is not a database number 0..15; give ${ACCEPTED}`;
  const db = path === '' ? 0 : Number(path);
  if (db > 15) return `database ${db} is not 0..15; give ${ACCEPTED}`;
  if (u.search || u.hash) return `'${text}' has a query or fragment, which are not read; give ${ACCEPTED}`;
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    port,
    db,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    shown: `redis://${u.hostname}:${port}/${db}`,
  };
}

export const RedisUrlSchema = z
  .string({ error: `--queue takes ${ACCEPTED}` })
  .trim()
  .transform((s, ctx) => {
    const r = parseRedisUrl(s);
    if (typeof r === 'string') {
      ctx.addIssue({ code: 'custom', message: r });
      return z.NEVER;
    }
    return r;
  });
