/**
 * The computed attributes each device runs, loaded once and compiled once (the ingest keeps it until an
 * attribute, a link, a group or a device changes): those linked to the device, to its group and to that
 * group's ancestors, highest priority first. An expression that does not compile is left out and reported.
 */
import type { Db } from '../../db/database';
import { compileExpression, type CompiledExpression } from './expressionLanguage';

export interface CompiledAttribute {
  id: number;
  attribute: string;
  type: string;
  priority: number;
  expression: CompiledExpression;
}

export type ComputedLookup = (deviceId: number, groupId: number | null) => readonly CompiledAttribute[];

const NONE: readonly CompiledAttribute[] = [];
const MAX_GROUP_DEPTH = 32;

export class ComputedDirectory {
  private memo = new Map<string, readonly CompiledAttribute[]>();

  private constructor(
    private attributes: Map<number, CompiledAttribute>,
    private byDevice: Map<number, number[]>,
    private byGroup: Map<number, number[]>,
    private parents: Map<number, number | null>,
  ) {}

  static async load(db: Db, onError?: (id: number, message: string) => void): Promise<ComputedDirectory> {
    const k = db.kysely;
    const [rows, devices, groups, parents] = await Promise.all([
      k
        .selectFrom('computedAttributes')
        .select(['id', 'attribute', 'expression', 'type', 'priority'])
        .execute(),
      k.selectFrom('deviceComputedAttribute').select(['deviceId', 'attributeId']).execute(),
      k.selectFrom('groupComputedAttribute').select(['groupId', 'attributeId']).execute(),
      k.selectFrom('groups').select(['id', 'groupId']).execute(),
    ]);
    const attributes = new Map<number, CompiledAttribute>();
    for (const r of rows) {
      try {
        const id = Number(r.id);
        attributes.set(id, {
          id,
          attribute: r.attribute,
          type: r.type,
          priority: Number(r.priority),
          expression: compileExpression(r.expression),
        });
      } catch (err) {
        onError?.(Number(r.id), (err as Error).message);
      }
    }
    const index = (links: Array<{ owner: number; attributeId: number }>) => {
      const map = new Map<number, number[]>();
      for (const l of links) {
        const list = map.get(l.owner) ?? [];
        list.push(l.attributeId);
        map.set(l.owner, list);
      }
      return map;
    };
    return new ComputedDirectory(
      attributes,
      index(devices.map((d) => ({ owner: Number(d.deviceId), attributeId: Number(d.attributeId) }))),
      index(groups.map((g) => ({ owner: Number(g.groupId), attributeId: Number(g.attributeId) }))),
      new Map(parents.map((g) => [Number(g.id), g.groupId == null ? null : Number(g.groupId)])),
    );
  }

  get size(): number {
    return this.attributes.size;
  }

  forDevice(deviceId: number, groupId: number | null): readonly CompiledAttribute[] {
    if (!this.attributes.size) return NONE;
    const key = `${deviceId}:${groupId ?? ''}`;
    let found = this.memo.get(key);
    if (!found) {
      const ids = new Set(this.byDevice.get(deviceId));
      let group = groupId;
      for (let depth = 0; group != null && depth < MAX_GROUP_DEPTH; depth++) {
        for (const id of this.byGroup.get(group) ?? []) ids.add(id);
        group = this.parents.get(group) ?? null;
      }
      found = [...ids]
        .map((id) => this.attributes.get(id))
        .filter((a): a is CompiledAttribute => a !== undefined)
        .sort((a, b) => b.priority - a.priority || a.id - b.id);
      this.memo.set(key, found.length ? found : NONE);
    }
    return found;
  }
}
