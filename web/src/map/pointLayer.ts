import type {
  CustomLayerInterface,
  CustomRenderMethodInput,
  Map as MapLibreMap,
  PointLike,
} from 'maplibre-gl';
import {
  pictureFor,
  pictureMatrix,
  sameScale,
  screenAxes,
  serves,
  servesScaled,
  type DotPicture,
  type ScreenAxes,
} from './dotCache';
import { DOT_RIM, DotBuffer, dotRadius, dotRim, lngLatOf, mercator, type Dot } from './dots';

/**
 * The dense view's dots (see VehicleLayer): every vehicle as one GL point in its ignition-status colour
 * with a white rim, drawn by a custom WebGL layer. MapLibre's own circle layer draws each circle as a quad
 * with a general-purpose shader; with thousands of vehicles in software WebGL that alone took most of a
 * frame. One vertex per vehicle and a shader that only colours a disc costs a fraction of it. Even so,
 * 10,000 dots cost more than the rest of a frame; while the map only pans they are drawn from a picture
 * of them (dotCache.ts) as one quad.
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
  /** Moves and recolours vehicles' dots in place (those with none are left out): one repaint for all. */
  update(dots: Iterable<Dot>): void;
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

/** Draws a picture of the dots as one quad: its texels, already premultiplied, over what lies beneath. */
const PICTURE_VERTEX = `#version 300 es
uniform mat4 u_matrix;
in vec2 a_pos;
in vec2 a_uv;
out vec2 v_uv;
void main() {
  gl_Position = u_matrix * vec4(a_pos, 0.0, 1.0);
  v_uv = a_uv;
}`;

const PICTURE_FRAGMENT = `#version 300 es
precision highp float;
uniform sampler2D u_picture;
in vec2 v_uv;
out vec4 fragColour;
void main() {
  fragColour = texture(u_picture, v_uv);
}`;

function link(gl: WebGL2RenderingContext, vertex: string, fragment: string, name: string): WebGLProgram {
  const program = gl.createProgram()!;
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertex));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragment));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS))
    throw new Error(`${name} program: ${gl.getProgramInfoLog(program)}`);
  return program;
}

interface DotsGpu {
  program: WebGLProgram;
  vao: WebGLVertexArrayObject;
  vbo: WebGLBuffer;
  matrix: WebGLUniformLocation | null;
  size: WebGLUniformLocation | null;
  rim: WebGLUniformLocation | null;
}

interface PictureGpu {
  program: WebGLProgram;
  vao: WebGLVertexArrayObject;
  vbo: WebGLBuffer;
  matrix: WebGLUniformLocation | null;
  sampler: WebGLUniformLocation | null;
  texture: WebGLTexture;
  framebuffer: WebGLFramebuffer;
  /** the texture's size in pixels (0 before the first picture) */
  width: number;
  height: number;
}

/** A picture in the texture: the frame's axes it was drawn for and the dots it shows (their version). */
interface Cached {
  picture: DotPicture;
  made: ScreenAxes;
  version: number;
}

export function pointLayer(id: string): PointLayer {
  let map: MapLibreMap | null = null;
  let buffer = new DotBuffer([]);
  /** The vertex buffer needs the dots anew. */
  let dirty = true;
  /** Counts changes of the dots: a picture shows one version. */
  let version = 0;
  let gpu: DotsGpu | null = null;
  let picture: PictureGpu | null = null;
  let cached: Cached | null = null;
  /** The previous frame's axes and dots: a picture is drawn once both hold still for a frame. */
  let previous: { axes: ScreenAxes | null; version: number } = { axes: null, version: -1 };
  /** Set by prerender for the frame being drawn: render draws the picture rather than the dots. */
  let showPicture = false;
  /** ... and draws it scaled (a zoom in motion): smoothed between texels rather than one texel a pixel. */
  let scaledPicture = false;

  const changed = () => {
    dirty = true;
    version += 1;
    map?.triggerRepaint();
  };

  const dotSize = (ratio: number) => {
    const radius = dotRadius(map!.getZoom());
    const rim = dotRim(radius);
    return { size: 2 * (radius + rim) * ratio, rim: rim * ratio, reach: (radius + rim + 1) * ratio };
  };

  const drawDots = (gl: WebGL2RenderingContext, matrix: Float32Array, ratio: number) => {
    const dots = gpu!;
    gl.bindVertexArray(dots.vao);
    if (dirty) {
      gl.bindBuffer(gl.ARRAY_BUFFER, dots.vbo);
      gl.bufferData(gl.ARRAY_BUFFER, buffer.data, gl.DYNAMIC_DRAW);
      dirty = false;
    }
    gl.useProgram(dots.program);
    gl.uniformMatrix4fv(dots.matrix, false, matrix);
    const { size, rim } = dotSize(ratio);
    gl.uniform1f(dots.size, size);
    gl.uniform1f(dots.rim, rim);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.STENCIL_TEST);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.drawArrays(gl.POINTS, 0, buffer.count);
    gl.bindVertexArray(null);
  };

  /** Draws the dots into the picture's texture, pixel for pixel as the frame at `axes` would show them. */
  const paint = (gl: WebGL2RenderingContext, shot: DotPicture, ratio: number) => {
    const p = picture!;
    gl.bindFramebuffer(gl.FRAMEBUFFER, p.framebuffer);
    if (p.width !== shot.width || p.height !== shot.height) {
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, p.texture);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, shot.width, shot.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, p.texture, 0);
      p.width = shot.width;
      p.height = shot.height;
    }
    gl.viewport(0, 0, shot.width, shot.height);
    gl.disable(gl.SCISSOR_TEST);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    drawDots(gl, pictureMatrix(shot.box, buffer.origin), ratio);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    // The quad over the picture's box, from its north-west corner (world units).
    const w = shot.box.x1 - shot.box.x0;
    const h = shot.box.y1 - shot.box.y0;
    gl.bindBuffer(gl.ARRAY_BUFFER, p.vbo);
    gl.bufferData(
      gl.ARRAY_BUFFER,
      new Float32Array([0, 0, 0, 1, w, 0, 1, 1, 0, h, 0, 0, w, h, 1, 0]),
      gl.STATIC_DRAW,
    );
  };

  const showCached = (gl: WebGL2RenderingContext, matrix: ArrayLike<number>, scaled: boolean) => {
    const p = picture!;
    const { box } = cached!.picture;
    gl.bindVertexArray(p.vao);
    gl.useProgram(p.program);
    gl.uniformMatrix4fv(p.matrix, false, translated(matrix, box.x0, box.y0));
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, p.texture);
    // Texels on screen pixels at the picture's own scale; smoothed between them while it is scaled.
    const filter = scaled ? gl.LINEAR : gl.NEAREST;
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter);
    gl.uniform1i(p.sampler, 0);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.STENCIL_TEST);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.bindVertexArray(null);
  };

  return {
    id,
    type: 'custom',
    renderingMode: '2d',
    setDots(dots) {
      buffer = new DotBuffer(dots);
      changed();
    },
    update(dots) {
      let any = false;
      for (const dot of dots) if (buffer.set(dot)) any = true;
      if (any) changed();
    },
    move(vehicleId, longitude, latitude) {
      if (buffer.move(vehicleId, longitude, latitude)) changed();
    },
    dotAt(point) {
      return map ? dotAt(map, buffer, point) : null;
    },
    onAdd(added, gl) {
      map = added;
      const program = link(gl, VERTEX, FRAGMENT, 'vehicle dots');
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
      const quad = link(gl, PICTURE_VERTEX, PICTURE_FRAGMENT, 'vehicle dots picture');
      const quadVao = gl.createVertexArray()!;
      const quadVbo = gl.createBuffer()!;
      gl.bindVertexArray(quadVao);
      gl.bindBuffer(gl.ARRAY_BUFFER, quadVbo);
      const corner = gl.getAttribLocation(quad, 'a_pos');
      const uv = gl.getAttribLocation(quad, 'a_uv');
      gl.enableVertexAttribArray(corner);
      gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 16, 0);
      gl.enableVertexAttribArray(uv);
      gl.vertexAttribPointer(uv, 2, gl.FLOAT, false, 16, 8);
      gl.bindVertexArray(null);
      const texture = gl.createTexture()!;
      gl.bindTexture(gl.TEXTURE_2D, texture);
      // Texels fall on screen pixels: no blending between them, whatever part of a pixel the map pans.
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
      picture = {
        program: quad,
        vao: quadVao,
        vbo: quadVbo,
        matrix: gl.getUniformLocation(quad, 'u_matrix'),
        sampler: gl.getUniformLocation(quad, 'u_picture'),
        texture,
        framebuffer: gl.createFramebuffer()!,
        width: 0,
        height: 0,
      };
      dirty = true;
      cached = null;
    },
    onRemove(_removed, gl) {
      if (gpu) {
        gl.deleteBuffer(gpu.vbo);
        gl.deleteVertexArray(gpu.vao);
        gl.deleteProgram(gpu.program);
      }
      if (picture) {
        gl.deleteBuffer(picture.vbo);
        gl.deleteVertexArray(picture.vao);
        gl.deleteProgram(picture.program);
        gl.deleteFramebuffer(picture.framebuffer);
        gl.deleteTexture(picture.texture);
      }
      gpu = null;
      picture = null;
      cached = null;
      map = null;
    },
    prerender(gl, args: CustomRenderMethodInput) {
      showPicture = false;
      scaledPicture = false;
      if (!gpu || !picture || !map || buffer.count === 0) return;
      const width = gl.drawingBufferWidth;
      const height = gl.drawingBufferHeight;
      const axes = screenAxes(args.defaultProjectionData.mainMatrix, width, height);
      const last = previous;
      previous = { axes, version };
      const bounds = buffer.bounds();
      if (!axes || !bounds) return;
      const ratio = map.getPixelRatio();
      const { reach } = dotSize(ratio);
      const dots = {
        x0: bounds.x0 - reach / Math.abs(axes.sx),
        x1: bounds.x1 + reach / Math.abs(axes.sx),
        y0: bounds.y0 - reach / Math.abs(axes.sy),
        y1: bounds.y1 + reach / Math.abs(axes.sy),
      };
      if (cached && cached.version === version) {
        if (serves(cached.picture, cached.made, axes, width, height, dots)) {
          showPicture = true;
          return;
        }
        // A zoom in motion: the picture scaled, as the map scales its tiles. The frame after the zoom
        // rests (asked for here: the map draws no frame of its own once still) paints the dots anew.
        const moving = last.axes !== null && !sameScale(last.axes, axes);
        if (moving && servesScaled(cached.picture, cached.made, axes, width, height, dots)) {
          showPicture = true;
          scaledPicture = true;
          map.triggerRepaint();
          return;
        }
      }
      // While the zoom or the dots change from frame to frame, a picture would serve one frame only.
      const still = last.axes !== null && last.version === version && sameScale(last.axes, axes);
      if (!still) return;
      const shot = pictureFor(axes, width, height, dots, {
        maxPixels: 4 * width * height,
        maxSide: gl.getParameter(gl.MAX_TEXTURE_SIZE) as number,
      });
      if (!shot) return;
      if (shot.width > 0) paint(gl, shot, ratio);
      cached = { picture: shot, made: axes, version };
      showPicture = true;
    },
    render(gl, args: CustomRenderMethodInput) {
      const pictured = showPicture;
      const scaled = scaledPicture;
      showPicture = false;
      scaledPicture = false;
      if (!gpu || !picture || !map || buffer.count === 0) return;
      if (pictured) {
        if (cached && cached.picture.width > 0) showCached(gl, args.defaultProjectionData.mainMatrix, scaled);
        return;
      }
      const [x, y] = buffer.origin;
      drawDots(gl, translated(args.defaultProjectionData.mainMatrix, x, y), map.getPixelRatio());
    },
  };
}
