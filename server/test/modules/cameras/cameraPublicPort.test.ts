/**
 * FROTA_CAMERA_PUBLIC_PORT (issue 24): behind a proxy, cameras are told the proxy's camera port and host
 * (`camreq:…,<host>,<port>`), not the node's own listener; a cluster's nodes are started with both, and the
 * proxy forwards that port over TCP to every node's camera listener.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { uploadEndpoint } from '../../../src/modules/cameras/cameraRequest';
import { CODEC_8E, encodeAvlData, encodeTcpFrame, ioElement } from '../../../src/protocols';
import { nodeEnvironment } from '../../../../tools/src/cluster/cluster';
import { haproxyConfig, type NodePorts, type ProxyPorts } from '../../../../tools/src/cluster/haproxyConfig';
import { startTestServer, type Client, type TestServer } from '../../harness';
import { FakeTeltonika, answerCommand, avlRecord, readCommand } from '../../teltonikaDevice';

const IMEI = '356307042447777';
const PROXY_HOST = 'proxy.frota.test';
const PROXY_PORT = 6128;

describe('the camera upload address', () => {
  it('is the listener port unless FROTA_CAMERA_PUBLIC_PORT names another', () => {
    const plain = loadConfig({ FROTA_CAMERA_PORT: '5028' });
    expect(plain.cameraPublicPort).toBeUndefined();
    expect(uploadEndpoint(plain)).toEqual({ host: '127.0.0.1', port: 5028 });
    const proxied = loadConfig({
      FROTA_CAMERA_PORT: '5028',
      FROTA_CAMERA_HOST: PROXY_HOST,
      FROTA_CAMERA_PUBLIC_PORT: String(PROXY_PORT),
    });
    expect(proxied).toMatchObject({ cameraPort: 5028, cameraPublicPort: PROXY_PORT });
    expect(uploadEndpoint(proxied)).toEqual({ host: PROXY_HOST, port: PROXY_PORT });
    expect(() => loadConfig({ FROTA_CAMERA_PUBLIC_PORT: '0' })).toThrow(/FROTA_CAMERA_PUBLIC_PORT/);
    expect(() => loadConfig({ FROTA_CAMERA_PUBLIC_PORT: '70000' })).toThrow(/FROTA_CAMERA_PUBLIC_PORT/);
  });

  it("is the proxy's in a cluster, whose HAProxy forwards that port over TCP to every node", () => {
    const proxy: ProxyPorts = {
      host: '10.0.0.5',
      http: 8092,
      teltonika: 5127,
      osmand: 5155,
      camera: 5128,
      stats: 8093,
    };
    const nodes: NodePorts[] = [
      { http: 41001, teltonika: 41002, osmand: 41003, camera: 41004 },
      { http: 42001, teltonika: 42002, osmand: 42003, camera: 42004 },
    ];
    const env = nodeEnvironment(
      { databaseUrl: 'postgres://db/x', redisUrl: 'redis://r' },
      proxy,
      nodes[0],
      '/tmp/n1',
      {},
    );
    expect(env).toMatchObject({
      FROTA_CAMERA_PORT: '41004',
      FROTA_CAMERA_HOST: '10.0.0.5',
      FROTA_CAMERA_PUBLIC_PORT: '5128',
    });
    expect(uploadEndpoint(loadConfig(env))).toEqual({ host: '10.0.0.5', port: 5128 });
    const cfg = haproxyConfig(proxy, nodes);
    const section = (name: string) => cfg.slice(cfg.indexOf(`\n${name}\n`)).split('\n\n')[0];
    expect(section('frontend camera')).toContain('mode tcp');
    expect(section('frontend camera')).toContain('bind 10.0.0.5:5128');
    expect(section('backend camera_nodes')).toContain('mode tcp');
    expect(section('backend camera_nodes')).toContain('127.0.0.1:41004');
    expect(section('backend camera_nodes')).toContain('127.0.0.1:42004');
  });
});

describe('a node behind a proxy', () => {
  let server: TestServer;
  let admin: Client;
  let deviceId: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      FROTA_CAMERA_HOST: PROXY_HOST,
      FROTA_CAMERA_PUBLIC_PORT: String(PROXY_PORT),
    });
    admin = await server.admin();
    deviceId = (
      await admin.post('/api/devices', { name: 'Câmara', uniqueId: IMEI, attributes: { has_camera: true } })
    ).body.id;
  });
  afterAll(async () => server?.close());

  it("sends cameras the proxy's host and port while listening on its own", async () => {
    expect(server.camera!.port).not.toBe(PROXY_PORT);
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    const record = avlRecord({ time: Date.now() - 1000, lat: -8.8, lon: 13.2 });
    record.io.push(ioElement(497, 1, 1), ioElement(498, 1, 3));
    dev.write(encodeTcpFrame(encodeAvlData(CODEC_8E, [record])));
    expect((await dev.read(4)).readUInt32BE(0)).toBe(1);
    const pending = admin.post('/report/api.php/camera', { deviceId, type: 'photo' });
    const text = await readCommand(dev);
    expect(text).toMatch(new RegExp(`^camreq:1,3,\\d+,0,${PROXY_HOST.replace(/\./g, '\\.')},${PROXY_PORT}$`));
    answerCommand(dev, 'Camera request accepted');
    expect((await pending).status).toBe(200);
    dev.close();
  });
});
