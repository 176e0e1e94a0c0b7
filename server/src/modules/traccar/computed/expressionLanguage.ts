/**
 * The expression language of computed attributes (issue 23): the JEXL subset Traccar's users write, parsed
 * by jsep into an AST that this file checks and interprets itself. No eval, no Function, no host objects:
 * names resolve only to own properties of the plain values of the position, the only calls are the pure
 * functions of the `math` namespace, and `constructor`, `prototype` and `__*` names are refused when the
 * expression is compiled.
 *
 * Supported: numbers, strings, true/false/null; variables and `a.b` / `a['b']` / `a[0]` access; + - * / %
 * ** (JS numbers: 7 / 2 is 3.5, unlike Java's integer division); comparisons == != === !== < <= > >= (a
 * number and a numeric string compare as numbers); && || ! ?? and the JEXL words and or not eq ne lt le
 * gt ge div mod; bitwise & | ^ ~ << >> >>> on integers up to 64 bits; a ? b : c; math:fn(…) or math.fn(…).
 */
import jsep from 'jsep';

export type Value = null | boolean | number | string | readonly Value[] | { readonly [key: string]: Value };
/** Variables an expression reads: a null-prototype record (see `scopeOf`). */
export type Scope = Readonly<Record<string, unknown>>;

export class ExpressionError extends Error {}

export interface CompiledExpression {
  readonly source: string;
  evaluate(scope: Scope): Value;
}

const MAX_LENGTH = 4096;
const MAX_DEPTH = 64;

jsep.addBinaryOp('or', 1);
jsep.addBinaryOp('and', 2);
jsep.addBinaryOp('eq', 6);
jsep.addBinaryOp('ne', 6);
jsep.addBinaryOp('lt', 7);
jsep.addBinaryOp('le', 7);
jsep.addBinaryOp('gt', 7);
jsep.addBinaryOp('ge', 7);
jsep.addBinaryOp('div', 10);
jsep.addBinaryOp('mod', 10);
jsep.addUnaryOp('not');

const WORDS: Record<string, string> = {
  or: '||',
  and: '&&',
  eq: '==',
  ne: '!=',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
  div: '/',
  mod: '%',
  not: '!',
};

/** java.lang.Math's functions Traccar's sandbox exposes as `math:`, the numeric ones. */
const MATH: Record<string, (...args: number[]) => number> = {
  abs: Math.abs,
  ceil: Math.ceil,
  floor: Math.floor,
  round: (x) => Math.floor(x + 0.5),
  rint: (x) => {
    const r = Math.round(x);
    return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
  },
  min: Math.min,
  max: Math.max,
  pow: Math.pow,
  sqrt: Math.sqrt,
  cbrt: Math.cbrt,
  exp: Math.exp,
  log: Math.log,
  log10: Math.log10,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  atan2: Math.atan2,
  hypot: Math.hypot,
  signum: Math.sign,
  toRadians: (x) => (x * Math.PI) / 180,
  toDegrees: (x) => (x * 180) / Math.PI,
};

const BLOCKED = new Set(['constructor', 'prototype']);
const isBlocked = (name: string) => BLOCKED.has(name) || name.startsWith('__');

function assertName(name: string): void {
  if (isBlocked(name)) throw new ExpressionError(`Name not allowed: ${name}`);
}

/** Traccar writes namespaced calls as `math:abs(x)`: the same call as `math.abs(x)` here. */
export function rewriteNamespaces(source: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      out += c;
      if (c === '\\') out += source[++i] ?? '';
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    if (
      source.startsWith('math:', i) &&
      !/[\w$.]/.test(source[i - 1] ?? '') &&
      /^[A-Za-z_]\w*\s*\(/.test(source.slice(i + 5))
    ) {
      out += 'math.';
      i += 4;
      continue;
    }
    out += c;
  }
  return out;
}

type Node = jsep.Expression;

/** Checks every node once, so evaluation meets only the node kinds and names allowed here. */
function check(node: Node, depth: number): void {
  if (depth > MAX_DEPTH) throw new ExpressionError('Expression too deep');
  switch (node.type) {
    case 'Literal':
      return;
    case 'Identifier':
      assertName((node as jsep.Identifier).name);
      return;
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      check(m.object, depth + 1);
      if (m.computed) {
        if (m.property.type === 'Literal') assertName(String((m.property as jsep.Literal).value));
        check(m.property, depth + 1);
      } else assertName((m.property as jsep.Identifier).name);
      return;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      check(u.argument, depth + 1);
      return;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      check(b.left, depth + 1);
      check(b.right, depth + 1);
      return;
    }
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      check(t.test, depth + 1);
      check(t.consequent, depth + 1);
      check(t.alternate, depth + 1);
      return;
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const callee = call.callee as jsep.MemberExpression;
      const ok =
        callee.type === 'MemberExpression' &&
        !callee.computed &&
        callee.object.type === 'Identifier' &&
        (callee.object as jsep.Identifier).name === 'math' &&
        Object.hasOwn(MATH, (callee.property as jsep.Identifier).name);
      if (!ok) throw new ExpressionError('Only math functions may be called');
      for (const a of call.arguments) check(a, depth + 1);
      return;
    }
    default:
      throw new ExpressionError(`Not allowed in an expression: ${node.type}`);
  }
}

export function compileExpression(source: string): CompiledExpression {
  if (typeof source !== 'string' || !source.trim()) throw new ExpressionError('Empty expression');
  if (source.length > MAX_LENGTH) throw new ExpressionError('Expression too long');
  let ast: Node;
  try {
    ast = jsep(rewriteNamespaces(source));
  } catch (err) {
    throw new ExpressionError((err as Error).message);
  }
  check(ast, 0);
  return { source, evaluate: (scope) => evaluate(ast, scope) };
}

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function num(v: Value, op: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  throw new ExpressionError(`${op} needs numbers, not ${typeName(v)}`);
}

function big(v: Value, op: string): bigint {
  const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? v.trim() : num(v, op);
  if (typeof n === 'number' && !Number.isInteger(n)) throw new ExpressionError(`${op} needs integers`);
  return BigInt(n);
}

const truthy = (v: Value): boolean =>
  v !== null && v !== false && v !== 0 && v !== '' && !(typeof v === 'number' && Number.isNaN(v));

function looseEquals(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '') return a === Number(b);
  if (typeof b === 'number' && typeof a === 'string' && a.trim() !== '') return b === Number(a);
  return a === b;
}

function compare(a: Value, b: Value, op: string): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return num(a, op) - num(b, op);
}

function binary(op: string, a: Value, b: Value): Value {
  switch (op) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') {
        if (a === null || b === null) throw new ExpressionError('+ with null');
        return String(a) + String(b);
      }
      return num(a, op) + num(b, op);
    case '-':
      return num(a, op) - num(b, op);
    case '*':
      return num(a, op) * num(b, op);
    case '/':
      return num(a, op) / num(b, op);
    case '%':
      return num(a, op) % num(b, op);
    case '**':
      return num(a, op) ** num(b, op);
    case '==':
      return looseEquals(a, b);
    case '!=':
      return !looseEquals(a, b);
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    case '<':
      return compare(a, b, op) < 0;
    case '<=':
      return compare(a, b, op) <= 0;
    case '>':
      return compare(a, b, op) > 0;
    case '>=':
      return compare(a, b, op) >= 0;
    case '&':
      return Number(big(a, op) & big(b, op));
    case '|':
      return Number(big(a, op) | big(b, op));
    case '^':
      return Number(big(a, op) ^ big(b, op));
    case '<<':
      return Number(BigInt.asIntN(64, big(a, op) << big(b, op)));
    case '>>':
      return Number(big(a, op) >> big(b, op));
    case '>>>':
      return Number(BigInt.asUintN(64, big(a, op)) >> big(b, op));
    default:
      throw new ExpressionError(`Unknown operator ${op}`);
  }
}

/** An own property of a plain value: never anything inherited from a prototype. */
function member(object: Value, key: Value): Value {
  if (object === null) return null;
  if (typeof key === 'string' && isBlocked(key)) throw new ExpressionError(`Name not allowed: ${key}`);
  if (Array.isArray(object) || typeof object === 'string') {
    if (key === 'length') return object.length;
    if (typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < object.length)
      return object[key] as Value;
    return null;
  }
  if (typeof object === 'object' && (typeof key === 'string' || typeof key === 'number')) {
    const k = String(key);
    return Object.hasOwn(object, k) ? ((object as Record<string, Value>)[k] ?? null) : null;
  }
  return null;
}

function evaluate(node: Node, scope: Scope): Value {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value as Value;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      return Object.hasOwn(scope, name) ? ((scope[name] as Value) ?? null) : null;
    }
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const key = m.computed ? evaluate(m.property, scope) : (m.property as jsep.Identifier).name;
      return member(evaluate(m.object, scope), key);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = evaluate(u.argument, scope);
      const op = WORDS[u.operator] ?? u.operator;
      if (op === '!') return !truthy(v);
      if (op === '-') return -num(v, op);
      if (op === '+') return num(v, op);
      if (op === '~') return Number(~big(v, op));
      throw new ExpressionError(`Unknown operator ${u.operator}`);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      const op = WORDS[b.operator] ?? b.operator;
      if (op === '&&') return truthy(evaluate(b.left, scope)) && truthy(evaluate(b.right, scope));
      if (op === '||') return truthy(evaluate(b.left, scope)) || truthy(evaluate(b.right, scope));
      if (op === '??') return evaluate(b.left, scope) ?? evaluate(b.right, scope);
      return binary(op, evaluate(b.left, scope), evaluate(b.right, scope));
    }
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      return truthy(evaluate(t.test, scope)) ? evaluate(t.consequent, scope) : evaluate(t.alternate, scope);
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const name = ((call.callee as jsep.MemberExpression).property as jsep.Identifier).name;
      const args = call.arguments.map((a) => num(evaluate(a, scope), name));
      return MATH[name](...args);
    }
    default:
      throw new ExpressionError(`Not allowed in an expression: ${node.type}`);
  }
}
