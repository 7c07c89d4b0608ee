/**
 * Who may talk to the HTTP server (issue 19 item 8). Three checks run before a request reaches the
 * MCP transport: the Origin header (the MCP specification requires local servers to validate it, so
 * that a web page cannot drive the robot through the user's browser), a bearer token generated at
 * start (any other local process without it is refused), and a cap on open sessions with idle expiry
 * (10,000 `initialize` calls must not grow memory without bound).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';

/** Characters of a bearer token (RFC 6750 b64token), at least 32 of them. */
export const BearerTokenSchema = z
  .string()
  .min(32, 'a bearer token has at least 32 characters')
  .max(512, 'a bearer token has at most 512 characters')
  .regex(/^[A-Za-z0-9._~+/-]+=*$/, 'a bearer token uses only letters, digits and - . _ ~ + / (and trailing =)');

export const HttpGuardOptionsSchema = z.strictObject({
  /** the token every request must carry as `Authorization: Bearer <token>`; generated when absent */
  token: BearerTokenSchema.optional(),
  /** open sessions at most; a further `initialize` is refused with 503 until one closes or expires */
  maxSessions: z.number().int().min(1).max(1000).default(8),
  /** a session with no request for this long is closed */
  idleMs: z
    .number()
    .int()
    .min(50)
    .max(7 * 24 * 3600 * 1000)
    .default(30 * 60 * 1000),
});
export type HttpGuardOptions = z.input<typeof HttpGuardOptionsSchema>;
export type HttpGuardSettings = z.output<typeof HttpGuardOptionsSchema> & { token: string };

export function guardSettings(input: HttpGuardOptions = {}): HttpGuardSettings {
  const r = HttpGuardOptionsSchema.safeParse(input);
  if (!r.success) throw new Error(`bad HTTP server options: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return { ...r.data, token: r.data.token ?? randomBytes(32).toString('base64url') };
}

export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const h = req.headers[name];
  return Array.isArray(h) ? h[0] : h;
};

/**
 * The Origin rule: a request without Origin (a command-line client) passes; a request with one must
 * come from the server's own loopback origin, since browsers send Origin on every cross-site fetch.
 */
export function originRefusal(req: IncomingMessage, port: number): Refusal | null {
  const origin = header(req, 'origin');
  if (origin === undefined) return null;
  const allowed = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  if (allowed.includes(origin)) return null;
  return { status: 403, message: `Origin '${origin.slice(0, 100)}' is not allowed; accepted: no Origin header, or ${allowed.join(' or ')}` };
}

/** The token rule: `Authorization: Bearer <token>`, compared in constant time. */
export function tokenRefusal(req: IncomingMessage, token: string): Refusal | null {
  const auth = header(req, 'authorization');
  const challenge = { 'www-authenticate': 'Bearer realm="navharness-mcp"' };
  if (auth === undefined)
    return { status: 401, message: "missing 'Authorization: Bearer <token>' header; the token is printed once when the server starts", headers: challenge };
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  if (!m) return { status: 401, message: "the Authorization header must read 'Bearer <token>'", headers: challenge };
  const given = Buffer.from(m[1], 'utf8');
  const want = Buffer.from(token, 'utf8');
  if (given.length !== want.length || !timingSafeEqual(given, want)) return { status: 401, message: 'wrong bearer token', headers: challenge };
  return null;
}

/**
 * Open sessions with the time of their last request; expired ones are closed by `sweep`. A session
 * takes a place with `reserve` before its handshake begins and keeps it until `settle`: the handshake
 * awaits, so a cap checked only against the sessions already open lets concurrent `initialize`
 * requests all pass the check before any of them is counted.
 */
export class SessionTable<T> {
  private readonly entries = new Map<string, { value: T; lastSeen: number }>();
  /** handshakes under way: places reserved and not yet settled */
  private pending = 0;

  constructor(
    readonly settings: Pick<HttpGuardSettings, 'maxSessions' | 'idleMs'>,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: string): T | undefined {
    const e = this.entries.get(id);
    if (e) e.lastSeen = this.now();
    return e?.value;
  }

  set(id: string, value: T): void {
    this.entries.set(id, { value, lastSeen: this.now() });
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  values(): T[] {
    return [...this.entries.values()].map((e) => e.value);
  }

  /**
   * Takes a place for a session about to open (after expired sessions were swept) and returns true,
   * or returns false when open sessions and handshakes under way fill the cap. Check and count in one
   * synchronous step, so that no two requests can take the last place.
   */
  reserve(): boolean {
    if (this.entries.size + this.pending >= this.settings.maxSessions) return false;
    this.pending++;
    return true;
  }

  /** Gives back a reserved place once its handshake ended: the session is then in the table, or never opened. */
  settle(): void {
    this.pending = Math.max(0, this.pending - 1);
  }

  /** Removes and returns sessions idle for longer than the limit. */
  sweep(): { id: string; value: T }[] {
    const cut = this.now() - this.settings.idleMs;
    const out: { id: string; value: T }[] = [];
    for (const [id, e] of this.entries) {
      if (e.lastSeen < cut) {
        this.entries.delete(id);
        out.push({ id, value: e.value });
      }
    }
    return out;
  }
}
