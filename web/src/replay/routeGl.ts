import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibreMap } from 'maplibre-gl';
import { translated } from '../map/pointLayer';
import { levelFor, levelRange, type RouteGeometry } from './routeGeometry';

/**
 * The replay route as one custom WebGL layer: every position of the period is uploaded once (per level of
 * detail) and each frame draws only the range [start, end] by offsetting the attribute pointers, so playback
 * costs a repaint and no data processing. Each segment is a quad extruded to the line width on the GPU,
 * drawn twice: a white casing, then blue or red (speeding); segments touching a hidden (private) position
 * are dropped by the vertex shader.
 */
const VERTEX = `#version 300 es
uniform mat4 u_matrix;
uniform vec2 u_half_viewport;
uniform float u_width;
in vec2 a_a;
in float a_fa;
in vec2 a_b;
in float a_fb;
in vec2 a_corner;
out vec3 v_colour;
void main() {
  if (a_fa > 1.5 || a_fb > 1.5) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }
  vec4 pa = u_matrix * vec4(a_a, 0.0, 1.0);
  vec4 pb = u_matrix * vec4(a_b, 0.0, 1.0);
  vec2 sa = pa.xy / pa.w * u_half_viewport;
  vec2 sb = pb.xy / pb.w * u_half_viewport;
  vec2 dir = sb - sa;
  float len = length(dir);
  dir = len > 0.0 ? dir / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);
  float half_width = u_width * 0.5;
  vec2 at = mix(sa, sb, a_corner.x) + dir * (a_corner.x * 2.0 - 1.0) * half_width + normal * a_corner.y * half_width;
  float w = mix(pa.w, pb.w, a_corner.x);
  gl_Position = vec4(at / u_half_viewport * w, 0.0, w);
  v_colour = a_fb > 0.5 ? vec3(0.827, 0.184, 0.184) : vec3(0.082, 0.396, 0.753);
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
uniform float u_casing;
in vec3 v_colour;
out vec4 fragColour;
void main() {
  fragColour = u_casing > 0.5 ? vec4(1.0) : vec4(v_colour, 1.0);
}`;

/** Line width in CSS pixels (and its white casing). */
export const ROUTE_WIDTH = 4;
const CASING_WIDTH = ROUTE_WIDTH + 3;
const STRIDE = 12;
const CORNERS = Float32Array.of(0, -1, 1, -1, 1, 1, 0, -1, 1, 1, 0, 1);

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
    throw new Error(`route shader: ${gl.getShaderInfoLog(shader)}`);
  return shader;
}

export interface RouteGlLayer extends CustomLayerInterface {
  /** `drawn` is called once, after the first frame that draws this geometry. */
  setGeometry(geometry: RouteGeometry | null, drawn?: () => void): void;
  setRange(start: number, end: number): void;
}

interface Gpu {
  program: WebGLProgram;
  vao: WebGLVertexArrayObject;
  corners: WebGLBuffer;
  buffers: WebGLBuffer[];
  uniforms: Record<'matrix' | 'halfViewport' | 'width' | 'casing', WebGLUniformLocation | null>;
  attributes: Record<'a' | 'fa' | 'b' | 'fb', number>;
}

export function routeGlLayer(id: string): RouteGlLayer {
  let map: MapLibreMap | null = null;
  let geometry: RouteGeometry | null = null;
  let uploaded = false;
  let range: [number, number] = [0, -1];
  let gpu: Gpu | null = null;
  let onDrawn: (() => void) | null = null;

  const release = (gl: WebGL2RenderingContext) => {
    if (!gpu) return;
    for (const buffer of gpu.buffers) gl.deleteBuffer(buffer);
    gpu.buffers = [];
    uploaded = false;
  };

  return {
    id,
    type: 'custom',
    renderingMode: '2d',
    setGeometry(next, drawn) {
      geometry = next;
      onDrawn = drawn ?? null;
      uploaded = false;
      map?.triggerRepaint();
    },
    setRange(start, end) {
      if (range[0] === start && range[1] === end) return;
      range = [start, end];
      map?.triggerRepaint();
    },
    onAdd(added, gl) {
      const gl2 = gl as WebGL2RenderingContext;
      map = added;
      const program = gl2.createProgram()!;
      gl2.attachShader(program, compile(gl2, gl2.VERTEX_SHADER, VERTEX));
      gl2.attachShader(program, compile(gl2, gl2.FRAGMENT_SHADER, FRAGMENT));
      gl2.linkProgram(program);
      if (!gl2.getProgramParameter(program, gl2.LINK_STATUS))
        throw new Error(`route program: ${gl2.getProgramInfoLog(program)}`);
      const vao = gl2.createVertexArray()!;
      const corners = gl2.createBuffer()!;
      gl2.bindVertexArray(vao);
      gl2.bindBuffer(gl2.ARRAY_BUFFER, corners);
      gl2.bufferData(gl2.ARRAY_BUFFER, CORNERS, gl2.STATIC_DRAW);
      const corner = gl2.getAttribLocation(program, 'a_corner');
      gl2.enableVertexAttribArray(corner);
      gl2.vertexAttribPointer(corner, 2, gl2.FLOAT, false, 0, 0);
      const attributes = {
        a: gl2.getAttribLocation(program, 'a_a'),
        fa: gl2.getAttribLocation(program, 'a_fa'),
        b: gl2.getAttribLocation(program, 'a_b'),
        fb: gl2.getAttribLocation(program, 'a_fb'),
      };
      for (const location of Object.values(attributes)) {
        gl2.enableVertexAttribArray(location);
        gl2.vertexAttribDivisor(location, 1);
      }
      gl2.bindVertexArray(null);
      gpu = {
        program,
        vao,
        corners,
        buffers: [],
        attributes,
        uniforms: {
          matrix: gl2.getUniformLocation(program, 'u_matrix'),
          halfViewport: gl2.getUniformLocation(program, 'u_half_viewport'),
          width: gl2.getUniformLocation(program, 'u_width'),
          casing: gl2.getUniformLocation(program, 'u_casing'),
        },
      };
    },
    onRemove(_removed, gl) {
      const gl2 = gl as WebGL2RenderingContext;
      if (gpu) {
        release(gl2);
        gl2.deleteBuffer(gpu.corners);
        gl2.deleteVertexArray(gpu.vao);
        gl2.deleteProgram(gpu.program);
      }
      gpu = null;
      map = null;
    },
    render(gl, args: CustomRenderMethodInput) {
      const gl2 = gl as WebGL2RenderingContext;
      if (!gpu || !map) return;
      if (!uploaded) {
        release(gl2);
        gpu.buffers = (geometry?.levels ?? []).map((level) => {
          const buffer = gl2.createBuffer()!;
          gl2.bindBuffer(gl2.ARRAY_BUFFER, buffer);
          gl2.bufferData(gl2.ARRAY_BUFFER, level.vertices, gl2.STATIC_DRAW);
          return buffer;
        });
        uploaded = true;
      }
      if (onDrawn) {
        // after this frame is drawn
        setTimeout(onDrawn, 0);
        onDrawn = null;
      }
      if (!geometry || range[1] <= range[0]) return;
      const level = levelFor(geometry, map.getZoom());
      const [first, count] = levelRange(level, range[0], range[1]);
      if (count < 2) return;
      const { attributes: at, uniforms: u } = gpu;
      gl2.useProgram(gpu.program);
      gl2.bindVertexArray(gpu.vao);
      gl2.bindBuffer(gl2.ARRAY_BUFFER, gpu.buffers[geometry.levels.indexOf(level)]);
      gl2.vertexAttribPointer(at.a, 2, gl2.FLOAT, false, STRIDE, first * STRIDE);
      gl2.vertexAttribPointer(at.fa, 1, gl2.FLOAT, false, STRIDE, first * STRIDE + 8);
      gl2.vertexAttribPointer(at.b, 2, gl2.FLOAT, false, STRIDE, (first + 1) * STRIDE);
      gl2.vertexAttribPointer(at.fb, 1, gl2.FLOAT, false, STRIDE, (first + 1) * STRIDE + 8);
      const [x, y] = geometry.origin;
      gl2.uniformMatrix4fv(u.matrix, false, translated(args.defaultProjectionData.mainMatrix, x, y));
      gl2.uniform2f(u.halfViewport, gl2.drawingBufferWidth / 2, gl2.drawingBufferHeight / 2);
      const ratio = map.getPixelRatio();
      gl2.disable(gl2.DEPTH_TEST);
      gl2.disable(gl2.STENCIL_TEST);
      gl2.enable(gl2.BLEND);
      gl2.blendFunc(gl2.ONE, gl2.ONE_MINUS_SRC_ALPHA);
      for (const casing of [1, 0]) {
        gl2.uniform1f(u.casing, casing);
        gl2.uniform1f(u.width, (casing ? CASING_WIDTH : ROUTE_WIDTH) * ratio);
        gl2.drawArraysInstanced(gl2.TRIANGLES, 0, 6, count - 1);
      }
      gl2.bindVertexArray(null);
    },
  };
}
