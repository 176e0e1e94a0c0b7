import type {
  CustomLayerInterface,
  CustomRenderMethodInput,
  Map as MapLibreMap,
  PointLike,
} from 'maplibre-gl';
import { DOT_RIM, DotBuffer, dotRadius, dotRim, lngLatOf, mercator, type Dot } from './dots';

/**
 * The dense view's dots (see VehicleLayer): every vehicle as one GL point in its ignition-status colour
 * with a white rim, drawn by a custom WebGL layer. MapLibre's own circle layer draws each circle as a quad
 * with a general-purpose shader; with thousands of vehicles in software WebGL that alone took most of a
 * frame. One vertex per vehicle and a shader that only colours a disc costs a fraction of it.
 */

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
  /** The vehicle whose dot is under a screen point (the nearest, the one drawn last on a tie), or null. */
  dotAt(point: { x: number; y: number }): number | null;
}

/** Pixels around a dot that still count as on it (a finger or an unsteady hand). */
export const DOT_HIT_SLOP = 2;

/**
 * The dot under `point` on `map`: the screen square around the point, taken back to world units (its four
 * corners, so rotation and tilt are covered), picks the candidates; each is projected to measure its
 * distance in pixels.
 */
export function dotAt(map: MapLibreMap, buffer: DotBuffer, point: { x: number; y: number }): number | null {
  if (buffer.count === 0) return null;
  const reach = dotRadius(map.getZoom()) + DOT_RIM + DOT_HIT_SLOP;
  const corners = [
    [-reach, -reach],
    [reach, -reach],
    [reach, reach],
    [-reach, reach],
  ].map(([dx, dy]) => {
    const at = map.unproject([point.x + dx, point.y + dy] as PointLike);
    return mercator(at.lng, at.lat);
  });
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  let found: number | null = null;
  let nearest = reach;
  for (const i of buffer.within(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys))) {
    const on = map.project(lngLatOf(...buffer.worldAt(i)));
    const distance = Math.hypot(on.x - point.x, on.y - point.y);
    if (distance <= nearest) {
      nearest = distance;
      found = buffer.ids[i];
    }
  }
  return found;
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
    dotAt(point) {
      return map ? dotAt(map, buffer, point) : null;
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
      const radius = dotRadius(map.getZoom());
      const rim = dotRim(radius);
      gl.uniform1f(gpu.size, 2 * (radius + rim) * ratio);
      gl.uniform1f(gpu.rim, rim * ratio);
      gl.disable(gl.DEPTH_TEST);
      gl.disable(gl.STENCIL_TEST);
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      gl.drawArrays(gl.POINTS, 0, buffer.count);
      gl.bindVertexArray(null);
    },
  };
}
