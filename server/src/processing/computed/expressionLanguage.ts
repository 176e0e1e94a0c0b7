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
 *
 * Bounded work (issue 33): an evaluation has a budget — at most MAX_STEPS nodes evaluated, shift amounts
 * 0..63, bitwise operands that fit in 64 bits, strings of at most MAX_STRING characters. Going past it
 * throws ExpressionLimitError. Compiling evaluates every part that reads no variable (`1<<1e9`) under the
 * same budget, so an expression that could only ever exceed it is refused when it is saved; one that
 * exceeds it on a given position's values is aborted there, cheaply, before any large number is built.
 */
import jsep from 'jsep';

export type Value = null | boolean | number | string | readonly Value[] | { readonly [key: string]: Value };
/** Variables an expression reads: a null-prototype record (see `scopeOf`). */
export type Scope = Readonly<Record<string, unknown>>;

export class ExpressionError extends Error {}

/** The expression went past the evaluation budget (see the header): its result is absent. */
export class ExpressionLimitError extends ExpressionError {
  constructor(reason: string) {
    super(`Expression exceeds the evaluation budget: ${reason}`);
  }
}

export interface CompiledExpression {
  readonly source: string;
  evaluate(scope: Scope): Value;
}

const MAX_LENGTH = 4096;
const MAX_DEPTH = 64;
/** nodes evaluated per run: far above what MAX_LENGTH can spell, a guard should anything ever loop */
export const MAX_STEPS = 10_000;
/** characters of any string an expression builds or reads for an operation */
export const MAX_STRING = 65_536;
/** the widest integer a bitwise operator takes: unsigned 64-bit max; the lowest: signed 64-bit min */
const MAX_BITS = (1n << 64n) - 1n;
const MIN_BITS = -(1n << 63n);
/** decimal digits of a 64-bit integer (20), with a sign */
const MAX_INTEGER_TEXT = 21;

/** What one evaluation may still spend. */
interface Budget {
  steps: number;
}

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
  checkConstants(ast);
  return { source, evaluate: (scope) => evaluate(ast, scope, { steps: MAX_STEPS }) };
}

/** Whether a node reads no variable: its value is the same on every position. */
function isConstant(node: Node): boolean {
  switch (node.type) {
    case 'Literal':
      return true;
    case 'UnaryExpression':
      return isConstant((node as jsep.UnaryExpression).argument);
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      return isConstant(b.left) && isConstant(b.right);
    }
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      return isConstant(t.test) && isConstant(t.consequent) && isConstant(t.alternate);
    }
    case 'CallExpression':
      return (node as jsep.CallExpression).arguments.every(isConstant);
    default:
      return false;
  }
}

const EMPTY_SCOPE: Scope = Object.freeze(Object.create(null) as Record<string, unknown>);

/**
 * Evaluates each largest part that reads no variable, once, under the budget: one that exceeds it would
 * exceed it on every position, so the expression is refused now. Other failures (a string minus a number)
 * are left to run time, as they always were.
 */
function checkConstants(node: Node): void {
  if (isConstant(node)) {
    try {
      evaluate(node, EMPTY_SCOPE, { steps: MAX_STEPS });
    } catch (err) {
      if (err instanceof ExpressionLimitError) throw err;
    }
    return;
  }
  const children: Node[] = [];
  switch (node.type) {
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      children.push(m.object);
      if (m.computed) children.push(m.property);
      break;
    }
    case 'UnaryExpression':
      children.push((node as jsep.UnaryExpression).argument);
      break;
    case 'BinaryExpression':
      children.push((node as jsep.BinaryExpression).left, (node as jsep.BinaryExpression).right);
      break;
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      children.push(t.test, t.consequent, t.alternate);
      break;
    }
    case 'CallExpression':
      children.push(...(node as jsep.CallExpression).arguments);
      break;
  }
  for (const child of children) checkConstants(child);
}

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function num(v: Value, op: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  throw new ExpressionError(`${op} needs numbers, not ${typeName(v)}`);
}

/** A bitwise operand: an integer that fits in 64 bits (checked before any large BigInt is made). */
function big(v: Value, op: string): bigint {
  const tooWide = () => new ExpressionLimitError(`${op} takes integers of at most 64 bits`);
  const text = typeof v === 'string' ? v.trim() : '';
  let b: bigint;
  if (/^-?\d+$/.test(text)) {
    if (text.length > MAX_INTEGER_TEXT) throw tooWide();
    b = BigInt(text);
  } else {
    const n = num(v, op);
    if (!Number.isInteger(n)) throw new ExpressionError(`${op} needs integers`);
    if (Math.abs(n) > 2 ** 64) throw tooWide();
    b = BigInt(n);
  }
  if (b > MAX_BITS || b < MIN_BITS) throw tooWide();
  return b;
}

/** A shift amount: 0..63 (a 64-bit value shifted further is all sign bits, and a huge one costs seconds). */
function shift(v: Value, op: string): bigint {
  const n = num(v, op);
  if (!Number.isInteger(n) || n < 0 || n > 63)
    throw new ExpressionLimitError(`the shift amount of ${op} must be an integer from 0 to 63, not ${n}`);
  return BigInt(n);
}

/** A string an operation builds or reads: at most MAX_STRING characters. */
function sized<T extends Value>(v: T): T {
  if (typeof v === 'string' && v.length > MAX_STRING)
    throw new ExpressionLimitError(`a string longer than ${MAX_STRING} characters`);
  return v;
}

const truthy = (v: Value): boolean =>
  v !== null && v !== false && v !== 0 && v !== '' && !(typeof v === 'number' && Number.isNaN(v));

function looseEquals(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '') return a === Number(b);
  if (typeof b === 'number' && typeof a === 'string' && a.trim() !== '') return b === Number(a);
  return a === b;
}

function compare(a: Value, b: Value, op: string): number {
  if (typeof a === 'string' && typeof b === 'string') return sized(a) < sized(b) ? -1 : a > b ? 1 : 0;
  return num(a, op) - num(b, op);
}

function binary(op: string, a: Value, b: Value): Value {
  switch (op) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') {
        if (a === null || b === null) throw new ExpressionError('+ with null');
        return sized(String(sized(a)) + String(sized(b)));
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
      return Number(BigInt.asIntN(64, big(a, op) << shift(b, op)));
    case '>>':
      return Number(big(a, op) >> shift(b, op));
    case '>>>':
      return Number(BigInt.asUintN(64, big(a, op)) >> shift(b, op));
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

function evaluate(node: Node, scope: Scope, budget: Budget): Value {
  if (--budget.steps < 0) throw new ExpressionLimitError(`more than ${MAX_STEPS} steps`);
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value as Value;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      return Object.hasOwn(scope, name) ? ((scope[name] as Value) ?? null) : null;
    }
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const key = m.computed ? evaluate(m.property, scope, budget) : (m.property as jsep.Identifier).name;
      return member(evaluate(m.object, scope, budget), key);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = evaluate(u.argument, scope, budget);
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
      if (op === '&&')
        return truthy(evaluate(b.left, scope, budget)) && truthy(evaluate(b.right, scope, budget));
      if (op === '||')
        return truthy(evaluate(b.left, scope, budget)) || truthy(evaluate(b.right, scope, budget));
      if (op === '??') return evaluate(b.left, scope, budget) ?? evaluate(b.right, scope, budget);
      return binary(op, evaluate(b.left, scope, budget), evaluate(b.right, scope, budget));
    }
    case 'ConditionalExpression': {
      const t = node as jsep.ConditionalExpression;
      return truthy(evaluate(t.test, scope, budget))
        ? evaluate(t.consequent, scope, budget)
        : evaluate(t.alternate, scope, budget);
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const name = ((call.callee as jsep.MemberExpression).property as jsep.Identifier).name;
      const args = call.arguments.map((a) => num(evaluate(a, scope, budget), name));
      return MATH[name](...args);
    }
    default:
      throw new ExpressionError(`Not allowed in an expression: ${node.type}`);
  }
}
