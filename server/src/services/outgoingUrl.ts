/**
 * Outgoing requests to URLs that users (not the operator) set: refused when the host is, or resolves to,
 * a loopback, link-local, private or otherwise internal address (IPv4 and IPv6), unless the administrator
 * allowed it with FROTA_ALLOW_PRIVATE_URLS. The address is checked where the socket connects (so a DNS
 * name cannot change between the check and the connection) and again on every redirect.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { HttpError } from '../errors';

/** What the user is told when a URL is refused on saving. */
export const URL_REFUSED = 'Endereço não permitido: aponta para a rede interna (loopback, local ou privada)';
export const URL_INVALID = 'Endereço inválido: use um URL http:// ou https://';

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 10_000;

const internal = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped, IPv4-compatible or NAT64 IPv6 address. */
function embeddedV4(ip: string): string | undefined {
  const m = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return undefined;
  const [a, b] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** True for loopback, link-local, private, shared, multicast and reserved addresses. */
export function isInternalAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return internal.check(ip, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedV4(ip.toLowerCase());
  if (v4) return internal.check(v4, 'ipv4');
  return internal.check(ip, 'ipv6');
}

/** The administrator's allowance (FROTA_ALLOW_PRIVATE_URLS): `true`, host names, addresses or CIDRs. */
export class OutgoingPolicy {
  private readonly all: boolean;
  private readonly hosts = new Set<string>();
  private readonly nets = new BlockList();

  constructor(allow: readonly string[] = []) {
    this.all = allow.some((a) => /^(true|\*)$/i.test(a));
    for (const entry of allow) {
      const [net, bits] = entry.split('/');
      const family = isIP(net);
      if (family)
        this.nets.addSubnet(net, Number(bits ?? (family === 4 ? 32 : 128)), family === 4 ? 'ipv4' : 'ipv6');
      else this.hosts.add(entry.toLowerCase());
    }
  }

  /** May a connection to this address, reached through this host name, go out? */
  permits(host: string, address: string): boolean {
    if (!isInternalAddress(address) || this.all) return true;
    if (this.hosts.has(host.toLowerCase())) return true;
    const ip = address.replace(/^\[|\]$/g, '');
    const family = isIP(ip);
    return family !== 0 && this.nets.check(ip, family === 4 ? 'ipv4' : 'ipv6');
  }
}

export class OutgoingUrlRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`outgoing request refused: ${host} resolves to internal address ${address}`);
  }
}

function parse(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HttpError(400, URL_INVALID);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new HttpError(400, URL_INVALID);
  return parsed;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The check on saving a URL: a clear 400 (Portuguese) when it is not http(s), or when its host is or
 * resolves to an internal address the administrator did not allow. A name that does not resolve is
 * accepted (it is checked again when used).
 */
export async function assertOutgoingUrl(url: string, policy: OutgoingPolicy): Promise<void> {
  const parsed = parse(url);
  const host = hostOf(parsed);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      addresses = [];
    }
  }
  if (addresses.some((address) => !policy.permits(host, address))) throw new HttpError(400, URL_REFUSED);
}

export interface OutgoingAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function guardedLookup(policy: OutgoingPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => !policy.permits(hostname, a.address));
      if (refused) return callback(new OutgoingUrlRefused(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function requestOnce(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
  policy: OutgoingPolicy,
): Promise<OutgoingAnswer> {
  const host = hostOf(url);
  if (isIP(host) && !policy.permits(host, host)) return Promise.reject(new OutgoingUrlRefused(host, host));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method,
        headers: init.headers,
        lookup: guardedLookup(policy),
        agent: false,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('outgoing request timed out')));
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * A request to a user-set URL: each hop (redirects followed up to MAX_REDIRECTS, 303 and POST→GET as
 * browsers do) connects only to addresses the policy permits; otherwise OutgoingUrlRefused.
 */
export async function guardedRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  policy: OutgoingPolicy,
): Promise<OutgoingAnswer> {
  let current = parse(url);
  let method = init.method ?? 'GET';
  let body = init.body;
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(current, { method, headers: init.headers ?? {}, body }, policy);
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status >= 400 || !location) return answer;
    if (hop >= MAX_REDIRECTS) throw new Error('outgoing request: too many redirects');
    current = parse(new URL(location, current).toString());
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}
