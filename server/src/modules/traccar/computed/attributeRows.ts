/** Traccar's Attribute JSON over the computed_attributes rows, and the body a client posts. */
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { parseJson, toJson } from '../../../db/mapping';
import { badRequest } from '../../../errors';
import { ATTRIBUTE_TYPES } from '../../../processing/computed/attributeResult';
import { compileExpression } from '../../../processing/computed/expressionLanguage';

export const traccarAttribute = z.object({
  id: z.number(),
  description: z.string(),
  attribute: z.string(),
  expression: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  priority: z.number(),
  attributes: z.record(z.string(), z.unknown()),
});

export type TraccarAttribute = z.infer<typeof traccarAttribute>;

const attributeInput = z.object({
  id: z.number().int().optional(),
  description: z.string().max(4000).optional().default(''),
  attribute: z.string().trim().min(1).max(128),
  expression: z.string().trim().min(1).max(4000),
  type: z.enum(ATTRIBUTE_TYPES).optional().default('string'),
  priority: z.coerce.number().int().optional().default(0),
  attributes: z.record(z.string(), z.unknown()).optional().default({}),
});

export type AttributeInput = z.infer<typeof attributeInput>;

/** The posted attribute, its expression compiled once to refuse what could never run (400). */
export function parseAttribute(body: unknown): AttributeInput {
  const parsed = attributeInput.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(`${first.path.join('.') || 'body'}: ${first.message}`);
  }
  try {
    compileExpression(parsed.data.expression);
  } catch (err) {
    throw badRequest(`expression: ${(err as Error).message}`);
  }
  return parsed.data;
}

export function attributeJson(row: Record<string, unknown>): TraccarAttribute {
  const type = String(row.type);
  return {
    id: Number(row.id),
    description: String(row.description ?? ''),
    attribute: String(row.attribute),
    expression: String(row.expression),
    type: (ATTRIBUTE_TYPES as readonly string[]).includes(type)
      ? (type as TraccarAttribute['type'])
      : 'string',
    priority: Number(row.priority),
    attributes: parseJson(row.attributes),
  };
}

export function attributeValues(_db: Db, input: AttributeInput) {
  return {
    description: input.description,
    attribute: input.attribute,
    expression: input.expression,
    type: input.type,
    priority: input.priority,
    attributes: toJson(input.attributes),
  };
}
