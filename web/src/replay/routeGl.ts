import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibreMap } from 'maplibre-gl';
import { translated } from '../map/pointLayer';
import { levelIndexFor, levelRange, TEXTURE_WIDTH, type RouteGeometry } from './routeGeometry';

/**
 * The replay route as one custom WebGL layer: every position of the period is uploaded once (per level of
 * detail, as a float texture, when first drawn) and each frame draws only the range [start, end], so
 * playback costs a repaint and no data processing. Each segment is a quad extruded to the line width on
 * the GPU, drawn twice: a white casing, then blue or red (speeding); segments touching a hidden (private)
 * position are dropped by the vertex shader.
 *
 * The draw is one plain triangle list with no vertex buffer: the vertex shader finds its segment and
 * corner from gl_VertexID and reads both ends from the texture. (Instanced quads, one instance a segment,
 * cost a software renderer such as SwiftShader tens of microseconds an instance: about a second a frame
 * for a week seen whole.)
 */
const VERTEX = `#version 300 es
uniform highp sampler2D u_points;
uniform int u_first;
uniform mat4 u_matrix;
uniform vec2 u_half_viewport;
uniform float u_width;
out vec3 v_colour;
const vec2 CORNERS[6] = vec2[6](vec2(0, -1), vec2(1, -1), vec2(1, 1), vec2(0, -1), vec2(1, 1), vec2(0, 1));
vec4 point(int i) {
  return texelFetch(u_points, ivec2(i % ${TEXTURE_WIDTH}, i / ${TEXTURE_WIDTH}), 0);
}
void main() {
  int segment = u_first + gl_VertexID / 6;
  vec2 corner = CORNERS[gl_VertexID % 6];
  vec4 a = point(segment);
  vec4 b = point(segment + 1);
  if (a.z > 1.5 || b.z > 1.5) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }
  vec4 pa = u_matrix * vec4(a.xy, 0.0, 1.0);
  vec4 pb = u_matrix * vec4(b.xy, 0.0, 1.0);
  vec2 sa = pa.xy / pa.w * u_half_viewport;
  vec2 sb = pb.xy / pb.w * u_half_viewport;
  vec2 dir = sb - sa;
  float len = length(dir);
  dir = len > 0.0 ? dir / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);
  float half_width = u_width * 0.5;
  vec2 at = mix(sa, sb, corner.x) + dir * (corner.x * 2.0 - 1.0) * half_width + normal * corner.y * half_width;
  float w = mix(pa.w, pb.w, corner.x);
  gl_Position = vec4(at / u_half_viewport * w, 0.0, w);
  v_colour = b.z > 0.5 ? vec3(0.827, 0.184, 0.184) : vec3(0.082, 0.396, 0.753);
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
/** Vertices of a segment's quad (two triangles). */
const QUAD = 6;

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
  /** `drawn` is called once, after the next frame (the geometry unchanged). */
  whenDrawn(drawn: () => void): void;
  setRange(start: number, end: number): void;
}

type Uniform = 'points' | 'first' | 'matrix' | 'halfViewport' | 'width' | 'casing';

interface Gpu {
  program: WebGLProgram;
  /** no attributes: the vertex shader reads the texture */
  vao: WebGLVertexArrayObject;
  /** per level of the geometry, uploaded when first drawn */
  textures: Array<WebGLTexture | undefined>;
  uniforms: Record<Uniform, WebGLUniformLocation | null>;
}

/** A level's texels as a texture (nearest, no mipmaps: read with texelFetch only). */
function texture(gl: WebGL2RenderingContext, texels: Float32Array): WebGLTexture {
  const made = gl.createTexture()!;
  gl.bindTexture(gl.TEXTURE_2D, made);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  // the map's own uploads may leave these on; they apply to typed arrays too
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
  const rows = texels.length / (TEXTURE_WIDTH * 4);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, TEXTURE_WIDTH, rows, 0, gl.RGBA, gl.FLOAT, texels);
  return made;
}

export function routeGlLayer(id: string): RouteGlLayer {
  let map: MapLibreMap | null = null;
  let geometry: RouteGeometry | null = null;
  /** whether the textures held are the geometry's (a new geometry drops them) */
  let current = false;
  let range: [number, number] = [0, -1];
  let gpu: Gpu | null = null;
  let onDrawn: (() => void) | null = null;

  const release = (gl: WebGL2RenderingContext) => {
    if (!gpu) return;
    for (const made of gpu.textures) if (made) gl.deleteTexture(made);
    gpu.textures = [];
    current = false;
  };

  return {
    id,
    type: 'custom',
    renderingMode: '2d',
    setGeometry(next, drawn) {
      geometry = next;
      onDrawn = drawn ?? null;
      current = false;
      map?.triggerRepaint();
    },
    whenDrawn(drawn) {
      onDrawn = drawn;
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
      const uniform = (name: string) => gl2.getUniformLocation(program, name);
      gpu = {
        program,
        vao: gl2.createVertexArray()!,
        textures: [],
        uniforms: {
          points: uniform('u_points'),
          first: uniform('u_first'),
          matrix: uniform('u_matrix'),
          halfViewport: uniform('u_half_viewport'),
          width: uniform('u_width'),
          casing: uniform('u_casing'),
        },
      };
    },
    onRemove(_removed, gl) {
      const gl2 = gl as WebGL2RenderingContext;
      if (gpu) {
        release(gl2);
        gl2.deleteVertexArray(gpu.vao);
        gl2.deleteProgram(gpu.program);
      }
      gpu = null;
      map = null;
    },
    render(gl, args: CustomRenderMethodInput) {
      const gl2 = gl as WebGL2RenderingContext;
      if (!gpu || !map) return;
      if (!current) {
        release(gl2);
        current = true;
      }
      if (onDrawn) {
        // after this frame is drawn
        setTimeout(onDrawn, 0);
        onDrawn = null;
      }
      if (!geometry || range[1] <= range[0]) return;
      const k = levelIndexFor(geometry, map.getZoom());
      const started = performance.now();
      const fresh = gpu.textures[k] === undefined;
      const level = geometry.level(k);
      const levelTexture = (gpu.textures[k] ??= texture(gl2, level.vertices));
      if (fresh) performance.measure('frota:replay-level', { start: started });
      const [first, count] = levelRange(level, range[0], range[1]);
      if (count < 2) return;
      const u = gpu.uniforms;
      gl2.useProgram(gpu.program);
      gl2.bindVertexArray(gpu.vao);
      gl2.activeTexture(gl2.TEXTURE0);
      gl2.bindTexture(gl2.TEXTURE_2D, levelTexture);
      gl2.uniform1i(u.points, 0);
      gl2.uniform1i(u.first, first);
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
        gl2.drawArrays(gl2.TRIANGLES, 0, (count - 1) * QUAD);
      }
      gl2.bindVertexArray(null);
      gl2.bindTexture(gl2.TEXTURE_2D, null);
    },
  };
}
