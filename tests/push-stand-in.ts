/**
 * A push service stand-in on 127.0.0.1: it hands out subscriptions (a P-256 key pair and
 * an auth secret per device, as a browser makes them), and for each push it checks the
 * VAPID signature (RFC 8292) and the RFC 8030 headers, then decrypts the payload
 * (RFC 8291, aes128gcm) with the device's private key. A device marked gone answers 410.
 */
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  device: string;
  message: Record<string, unknown>;
  at: number;
  headers: Record<string, string | undefined>;
}

export interface PushStandIn {
  url: string;
  /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
  subscribe(device: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** From now on the push service says this subscription is gone (410). */
  gone(device: string): void;
  received: ReceivedPush[];
  /** Pushes refused, with why (a bad signature, a wrong header). */
  refused: string[];
  waitFor(test: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64u = (buf: Buffer) => buf.toString('base64url');

function decrypt(body: Buffer, device: { ecdh: ECDH; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>`: ES256 over the JWT, our origin as audience, a near expiry. */
function checkVapid(header: string | undefined, origin: string): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [head, payload, signature] = match[1]!.split('.');
  const key = Buffer.from(match[2]!, 'base64url');
  if (key.length !== 65 || key[0] !== 4) return 'k is not an uncompressed P-256 key';
  const jwk = { kty: 'EC', crv: 'P-256', x: b64u(key.subarray(1, 33)), y: b64u(key.subarray(33)) };
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  if (!ok) return 'bad VAPID signature';
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) return 'exp not within 24 hours';
  if (!claims.sub || !/^(mailto:|https?:)/.test(claims.sub)) return 'no sub';
  return null;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = devices.get(decodeURIComponent((req.url ?? '').replace(/^\/push\//, '')));
      if (req.method !== 'POST' || !device) return void res.writeHead(404).end();
      if (device.gone) return void res.writeHead(410).end();
      const problem =
        checkVapid(req.headers.authorization, origin) ??
        (req.headers['content-encoding'] !== 'aes128gcm' ? 'Content-Encoding is not aes128gcm' : null) ??
        (!/^\d+$/.test(String(req.headers.ttl ?? '')) ? 'no TTL' : null);
      if (problem) {
        refused.push(problem);
        return void res.writeHead(problem.includes('VAPID') || problem.includes('vapid') ? 403 : 400).end(problem);
      }
      try {
        const message = JSON.parse(decrypt(Buffer.concat(chunks), device).toString('utf8')) as Record<string, unknown>;
        received.push({
          device: [...devices].find(([, d]) => d === device)![0],
          message,
          at: Date.now(),
          headers: { ttl: String(req.headers.ttl), urgency: req.headers.urgency as string | undefined },
        });
        for (const wake of waiters) wake();
        res.writeHead(201).end();
      } catch (error) {
        refused.push(`could not decrypt: ${(error as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    refused,
    subscribe(device) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(device, { ecdh, auth, gone: false });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(device)}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      };
    },
    gone(device) {
      devices.get(device)!.gone = true;
    },
    waitFor(test, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(test);
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such push within ${timeoutMs} ms; refused: ${refused.join('; ') || 'none'}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
