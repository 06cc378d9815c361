import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A message the stand-in accepted, with the parts tests look at. */
export interface ReceivedMail {
  raw: string;
  /** Header names lower-cased, values unfolded and decoded. */
  headers: Record<string, string>;
  messageId: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  html: string;
  envelope: { from: string; to: string[] };
}

export interface SmtpStandIn {
  port: number;
  /** Accepted messages, in arrival order. */
  messages: ReceivedMail[];
  /** Messages refused so far (each was a real attempt by the client). */
  refused: number;
  /** Decides per attempt (0-based) whether to refuse with 451; changeable while running. */
  refuse: (attempt: number) => boolean;
  /** Milliseconds to wait before answering each message (makes sends overlap a crash). */
  delayMs: number;
  /** Messages received in full and not answered yet (the client is waiting for its 250). */
  pending: number;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_whole, mode: string, data: string) =>
    mode.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const gap = /\r?\n\r?\n/.exec(raw);
  if (!gap) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, gap.index)), body: raw.slice(gap.index + gap[0].length) };
}

/** Reads the parts of a (possibly multipart) message that nodemailer writes. */
export function parseMail(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  let text = '';
  let html = '';
  const walk = (entityHeaders: Record<string, string>, entityBody: string) => {
    const type = entityHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of entityBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = splitEntity(part.replace(/^\r?\n/, ''));
        walk(inner.headers, inner.body);
      }
      return;
    }
    const decoded = decodeBody(entityBody, entityHeaders['content-transfer-encoding']).replace(/\r\n/g, '\n');
    if (type.toLowerCase().startsWith('text/html')) html = decoded;
    else if (type.toLowerCase().startsWith('text/plain')) text = decoded;
  };
  walk(headers, body);
  return { raw, headers, messageId: headers['message-id'] ?? '', subject: headers.subject ?? '', text, html, envelope };
}

/** A real SMTP server on 127.0.0.1 (tests stand in for SMTP at the network boundary, never by patching modules). */
export async function startSmtpStandIn(options: { port?: number } = {}): Promise<SmtpStandIn> {
  let attempts = 0;
  const standIn: SmtpStandIn = {
    port: 0,
    messages: [],
    refused: 0,
    refuse: () => false,
    delayMs: 0,
    pending: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Clients keep pooled connections open; closing must not wait long for them.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const attempt = attempts++;
        standIn.pending++;
        setTimeout(() => {
          standIn.pending--;
          if (standIn.refuse(attempt)) {
            standIn.refused++;
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          standIn.messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
          callback();
        }, standIn.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  standIn.port = (server.server.address() as AddressInfo).port;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
