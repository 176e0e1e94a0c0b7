/** The fleet of the management API tests: vehicles, a manager, a read-only user, another tenant. */
import { todayIn } from '@frota/core';
import { userClient, type Client, type TestServer } from './harness';

export const API = '/report/api.php';

export interface ManagementFleet {
  admin: Client;
  gestor: Client;
  leitor: Client;
  outro: Client;
  semPermissao: Client;
  /** a temporary-link user (e-mail temp_…) */
  temporario: Client;
  truck: number;
  van: number;
  far: number;
  group: number;
  today: string;
}

export async function buildManagementFleet(server: TestServer): Promise<ManagementFleet> {
  const admin = await server.admin();
  const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`fixture call failed: ${r.status} ${r.text}`);
    return r.body;
  };
  const group = (await ok(admin.post('/api/groups', { name: 'Luanda' }))).id;
  const truck = (
    await ok(
      admin.post('/api/devices', {
        name: 'Camião 1',
        uniqueId: 'mgmt-truck',
        groupId: group,
        attributes: { license_plate: 'LD-11-22-AA' },
      }),
    )
  ).id;
  const van = (await ok(admin.post('/api/devices', { name: 'Carrinha', uniqueId: 'mgmt-van' }))).id;
  const far = (await ok(admin.post('/api/devices', { name: 'Longe', uniqueId: 'mgmt-far' }))).id;
  const user = async (email: string, permissions: string[], devices: number[], extra = {}) => {
    const u = await userClient(server, admin, { email, attributes: { permissions }, ...extra });
    for (const deviceId of devices) await ok(admin.post('/api/permissions', { userId: u.id, deviceId }));
    return u.client;
  };
  return {
    admin,
    gestor: await user('gestor@frota.local', ['management.summary'], [truck, van]),
    leitor: await user('leitor@frota.local', ['management.summary'], [truck], { readonly: true }),
    outro: await user('outro@frota.local', ['management.summary'], [far]),
    semPermissao: await user('mapa@frota.local', ['map.online'], [truck]),
    temporario: await user('temp_mgmt@frota.local', ['management.summary'], [truck]),
    truck,
    van,
    far,
    group,
    today: todayIn('Africa/Luanda'),
  };
}
