/**
 * The HAProxy configuration of a local cluster: one HTTP front (API, web app, WebSocket /api/socket), the
 * Teltonika and camera ports in TCP mode and OsmAnd in HTTP mode, each balanced over every node. Health
 * checks ask each node's GET /api/server (the TCP backends too, on the node's HTTP port), so a node that
 * stops answering leaves every backend within two seconds and its open device connections are cut, which
 * makes the devices reconnect to a live node.
 */

export interface NodePorts {
  /** HTTP (API, web, WebSocket) */
  http: number;
  teltonika: number;
  osmand: number;
  camera: number;
}

export interface ProxyPorts extends NodePorts {
  host: string;
  /** HAProxy's own page of backend states (`/stats`, `/stats;csv`) */
  stats: number;
}

/** The response header naming the node that answered (tests read it to know where a socket landed). */
export const NODE_HEADER = 'x-frota-node';

export const nodeName = (index: number) => `node${index + 1}`;

function backend(
  name: string,
  mode: 'http' | 'tcp',
  balance: string,
  nodes: NodePorts[],
  port: keyof NodePorts,
): string {
  const servers = nodes.map(
    (n, i) => `  server ${nodeName(i)} 127.0.0.1:${n[port]} check port ${n.http} inter 1s fall 2 rise 2`,
  );
  return [
    `backend ${name}`,
    `  mode ${mode}`,
    `  balance ${balance}`,
    '  option httpchk GET /api/server',
    '  http-check expect status 200',
    // open device connections of a node marked down are closed: the devices reconnect elsewhere
    '  default-server on-marked-down shutdown-sessions',
    ...servers,
    '',
  ].join('\n');
}

export function haproxyConfig(proxy: ProxyPorts, nodes: NodePorts[]): string {
  const bind = (port: number) => `  bind ${proxy.host}:${port}`;
  return [
    'global',
    '  maxconn 8000',
    '',
    'defaults',
    '  timeout connect 2s',
    '  timeout client 10m',
    '  timeout server 10m',
    '  timeout tunnel 1h',
    '  timeout http-request 30s',
    '  timeout check 2s',
    '  retries 2',
    '  option redispatch',
    '',
    'frontend web',
    '  mode http',
    bind(proxy.http),
    '  option forwardfor',
    `  http-response set-header ${NODE_HEADER} %[srv_name]`,
    '  default_backend web_nodes',
    '',
    // leastconn: the long-lived WebSockets spread evenly over the nodes
    backend('web_nodes', 'http', 'leastconn', nodes, 'http'),
    'frontend teltonika',
    '  mode tcp',
    bind(proxy.teltonika),
    '  default_backend teltonika_nodes',
    '',
    backend('teltonika_nodes', 'tcp', 'leastconn', nodes, 'teltonika'),
    'frontend camera',
    '  mode tcp',
    bind(proxy.camera),
    '  default_backend camera_nodes',
    '',
    backend('camera_nodes', 'tcp', 'leastconn', nodes, 'camera'),
    'frontend osmand',
    '  mode http',
    bind(proxy.osmand),
    '  option forwardfor',
    '  default_backend osmand_nodes',
    '',
    backend('osmand_nodes', 'http', 'roundrobin', nodes, 'osmand'),
    'frontend stats',
    '  mode http',
    bind(proxy.stats),
    '  stats enable',
    '  stats uri /stats',
    '  stats refresh 5s',
    '',
  ].join('\n');
}
