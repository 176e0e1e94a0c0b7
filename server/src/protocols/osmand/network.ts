/**
 * OsmAnd `cell` and `wifi` samples (repeatable), in the shape of Traccar's Position.network:
 * cell = `mcc,mnc,lac,cellId[,signal]`, wifi = `mac,signal` (Traccar Client also sends `mac-signal`).
 */
export interface CellTower {
  mobileCountryCode: number;
  mobileNetworkCode: number;
  locationAreaCode: number;
  cellId: number;
  signalStrength?: number;
}

export interface WifiAccessPoint {
  macAddress: string;
  signalStrength?: number;
}

export interface Network {
  cellTowers?: CellTower[];
  wifiAccessPoints?: WifiAccessPoint[];
}

function parseCell(text: string): CellTower | undefined {
  const parts = text.split(',').map((p) => Number(p.trim()));
  if (parts.length < 4 || parts.slice(0, 4).some((n) => !Number.isInteger(n))) return undefined;
  const [mcc, mnc, lac, cellId, signal] = parts;
  const tower: CellTower = { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId };
  if (signal !== undefined && Number.isFinite(signal)) tower.signalStrength = signal;
  return tower;
}

function parseWifi(text: string): WifiAccessPoint | undefined {
  const match = /^([0-9a-f]{2}(?:[:-][0-9a-f]{2}){5})(?:[,-](-?\d+))?$/i.exec(text.trim());
  if (!match) return undefined;
  const point: WifiAccessPoint = { macAddress: match[1].replace(/-/g, ':').toLowerCase() };
  if (match[2] !== undefined) point.signalStrength = Number(match[2]);
  return point;
}

export function parseNetwork(cells: string[], wifis: string[]): Network | undefined {
  const cellTowers = cells.map(parseCell).filter((c): c is CellTower => c !== undefined);
  const wifiAccessPoints = wifis.map(parseWifi).filter((w): w is WifiAccessPoint => w !== undefined);
  if (!cellTowers.length && !wifiAccessPoints.length) return undefined;
  const network: Network = {};
  if (cellTowers.length) network.cellTowers = cellTowers;
  if (wifiAccessPoints.length) network.wifiAccessPoints = wifiAccessPoints;
  return network;
}
