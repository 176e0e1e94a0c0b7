import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibreMap } from 'maplibre-gl';
import { IGNITION_COLORS } from './clusterDonut';

/**
 * The dense view's dots (see VehicleLayer): every vehicle as one GL point in its ignition-status colour
 * with a white rim, drawn by a custom WebGL layer. MapLibre's own circle layer draws each circle as a quad
 * with a general-purpose shader; with thousands of vehicles in software WebGL that alone took most of a
 * frame. One vertex per vehicle and a shader that only colours a disc costs a fraction of it.
 */

/** Dot radius in pixels by zoom (linear between stops), without the rim. */
export const DOT_RADIUS_STOPS: ReadonlyArray<readonly [number, number]> = [
  [4, 3],
  [12, 5],
  [16, 7],
];
export const DOT_RIM = 1;

export interface Dot {
  id: number;
  longitude: number;
  latitude: number;
  /** ignition status code (0 driving, 1 idle, 2 stopped, 3 offline), the cluster donuts' colours */
  ign: number;
}

/** Web Mercator in world units (0..1 across the world), as MapLibre's projection matrix expects. */
export function mercator(longitude: number, latitude: number): [number, number] {
  const sin = Math.sin((latitude * Math.PI) / 180);
  return [(longitude + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

export function dotRadius(zoom: number): number {
  const stops = DOT_RADIUS_STOPS;
  if (zoom <= stops[0][0]) return stops[0][1];
  for (let i = 1; i < stops.length; i++) {
    const [z1, r1] = stops[i];
    if (zoom <= z1) {
      const [z0, r0] = stops[i - 1];
      return r0 + ((r1 - r0) * (zoom - z0)) / (z1 - z0);
    }
  }
  return stops[stops.length - 1][1];
}

const rgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16) / 255,
  parseInt(hex.slice(3, 5), 16) / 255,
  parseInt(hex.slice(5, 7), 16) / 255,
];
const COLOUR_RGB = IGNITION_COLORS.map(rgb);

/**
 * Vertex data: x, y relative to an origin (float32 keeps street-level precision that way; the origin goes
 * into the matrix in double precision) and r, g, b. Five floats a dot.
 */
export class DotBuffer {
  readonly data: Float32Array;
  readonly origin: [number, number];
  private readonly index = new Map<number, number>();

  constructor(dots: readonly Dot[]) {
    this.origin = dots.length ? mercator(dots[0].longitude, dots[0].latitude) : [0.5, 0.5];
    this.data = new Float32Array(dots.length * 5);
    dots.forEach((dot, i) => {
      this.index.set(dot.id, i);
      this.write(i, dot);
    });
  }

  get count(): number {
    return this.data.length / 5;
  }

  /** Moves one dot (a gliding vehicle); false when the id is not here. */
  move(id: number, longitude: number, latitude: number): boolean {
    const i = this.index.get(id);
    if (i === undefined) return false;
    const [x, y] = mercator(longitude, latitude);
    this.data[i * 5] = x - this.origin[0];
    this.data[i * 5 + 1] = y - this.origin[1];
    return true;
  }

  private write(i: number, dot: Dot): void {
    const [x, y] = mercator(dot.longitude, dot.latitude);
    const [r, g, b] = COLOUR_RGB[dot.ign] ?? COLOUR_RGB[3];
    const at = i * 5;
    this.data[at] = x - this.origin[0];
    this.data[at + 1] = y - this.origin[1];
    this.data[at + 2] = r;
    this.data[at + 3] = g;
    this.data[at + 4] = b;
  }
}

/** The column-major matrix `m` times a translation by (x, y): the origin applied in double precision. */
export function translated(m: ArrayLike<number>, x: number, y: number): Float32Array {
  const out = new Float32Array(16);
  for (let i = 0; i < 12; i++) out[i] = m[i];
  for (let row = 0; row < 4; row++) out[12 + row] = m[row] * x + m[4 + row] * y + m[12 + row];
  return out;
}

const VERTEX = `#version 300 es
uniform mat4 u_matrix;
uniform float u_size;
in vec2 a_pos;
in vec3 a_colour;
out vec3 v_colour;
void main() {
  gl_Position = u_matrix * vec4(a_pos, 0.0, 1.0);
  gl_PointSize = u_size;
  v_colour = a_colour;
}`;

// A disc of the point's size: the colour inside, a white rim, a one-pixel soft edge (premultiplied).
const FRAGMENT = `#version 300 es
precision highp float;
uniform float u_size;
uniform float u_rim;
in vec3 v_colour;
out vec4 fragColour;
void main() {
  float r = length(gl_PointCoord - 0.5) * u_size;
  float edge = u_size * 0.5;
  float alpha = clamp(edge - r, 0.0, 1.0);
  if (alpha <= 0.0) discard;
  vec3 colour = mix(v_colour, vec3(1.0), clamp(r - (edge - u_rim - 0.5), 0.0, 1.0));
  fragColour = vec4(colour * alpha, alpha);
}`;

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
    throw new Error(`vehicle dots shader: ${gl.getShaderInfoLog(shader)}`);
  return shader;
}

export interface PointLayer extends CustomLayerInterface {
  setDots(dots: readonly Dot[]): void;
  move(id: number, longitude: number, latitude: number): void;
}

export function pointLayer(id: string): PointLayer {
  let map: MapLibreMap | null = null;
  let buffer = new DotBuffer([]);
  let dirty = true;
  let gpu: {
    program: WebGLProgram;
    vao: WebGLVertexArrayObject;
    vbo: WebGLBuffer;
    matrix: WebGLUniformLocation | null;
    size: WebGLUniformLocation | null;
    rim: WebGLUniformLocation | null;
  } | null = null;

  const changed = () => {
    dirty = true;
    map?.triggerRepaint();
  };

  return {
    id,
    type: 'custom',
    renderingMode: '2d',
    setDots(dots) {
      buffer = new DotBuffer(dots);
      changed();
    },
    move(vehicleId, longitude, latitude) {
      if (buffer.move(vehicleId, longitude, latitude)) changed();
    },
    onAdd(added, gl) {
      map = added;
      const program = gl.createProgram()!;
      gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
      gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
      gl.linkProgram(program);
      if (!gl.getProgramParameter(program, gl.LINK_STATUS))
        throw new Error(`vehicle dots program: ${gl.getProgramInfoLog(program)}`);
      const vao = gl.createVertexArray()!;
      const vbo = gl.createBuffer()!;
      gl.bindVertexArray(vao);
      gl.bindBuffer(gl.ARRAY_BUFFER, vbo);
      const position = gl.getAttribLocation(program, 'a_pos');
      const colour = gl.getAttribLocation(program, 'a_colour');
      gl.enableVertexAttribArray(position);
      gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 20, 0);
      gl.enableVertexAttribArray(colour);
      gl.vertexAttribPointer(colour, 3, gl.FLOAT, false, 20, 8);
      gl.bindVertexArray(null);
      gpu = {
        program,
        vao,
        vbo,
        matrix: gl.getUniformLocation(program, 'u_matrix'),
        size: gl.getUniformLocation(program, 'u_size'),
        rim: gl.getUniformLocation(program, 'u_rim'),
      };
      dirty = true;
    },
    onRemove(_removed, gl) {
      if (gpu) {
        gl.deleteBuffer(gpu.vbo);
        gl.deleteVertexArray(gpu.vao);
        gl.deleteProgram(gpu.program);
      }
      gpu = null;
      map = null;
    },
    render(gl, args: CustomRenderMethodInput) {
      if (!gpu || !map || buffer.count === 0) return;
      gl.bindVertexArray(gpu.vao);
      if (dirty) {
        gl.bindBuffer(gl.ARRAY_BUFFER, gpu.vbo);
        gl.bufferData(gl.ARRAY_BUFFER, buffer.data, gl.DYNAMIC_DRAW);
        dirty = false;
      }
      const ratio = map.getPixelRatio();
      gl.useProgram(gpu.program);
      const [x, y] = buffer.origin;
      gl.uniformMatrix4fv(gpu.matrix, false, translated(args.defaultProjectionData.mainMatrix, x, y));
      gl.uniform1f(gpu.size, 2 * (dotRadius(map.getZoom()) + DOT_RIM) * ratio);
      gl.uniform1f(gpu.rim, DOT_RIM * ratio);
      gl.disable(gl.DEPTH_TEST);
      gl.disable(gl.STENCIL_TEST);
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      gl.drawArrays(gl.POINTS, 0, buffer.count);
      gl.bindVertexArray(null);
    },
  };
}
