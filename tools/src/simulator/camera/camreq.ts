/**
 * The tracker's reading of a camera request sent as a Codec 12 text command:
 * `camreq:<type>,<source>,<timestamp>,<duration>,<domain>,<port>[,<resolution>]` with type 0 video or 1 photo,
 * source 1 front, 2 rear, 3 both, timestamp in epoch seconds, duration in seconds.
 */
import { fileIdOf, type CameraFileId } from './messages';

export interface CameraRequest {
  type: 'photo' | 'video';
  cameras: Array<'F' | 'R'>;
  /** epoch ms: for a video, the start of the clip */
  time: number;
  /** seconds */
  duration: number;
  host: string;
  port: number;
  resolution?: number;
}

const SOURCES: Record<string, Array<'F' | 'R'>> = { '1': ['F'], '2': ['R'], '3': ['F', 'R'] };

/** The request in a command text, or undefined when it is not a well-formed camreq. */
export function parseCamreq(text: string): CameraRequest | undefined {
  const match = /^\s*camreq:\s*(.*?)\s*$/i.exec(text);
  if (!match) return undefined;
  const parts = match[1].split(',').map((p) => p.trim());
  if (parts.length < 6 || parts.length > 7) return undefined;
  const [type, source, timestamp, duration, host, port, resolution] = parts;
  const cameras = SOURCES[source];
  const numbers = [timestamp, duration, port].map(Number);
  if ((type !== '0' && type !== '1') || !cameras || !host) return undefined;
  if (numbers.some((n) => !Number.isInteger(n) || n < 0) || numbers[2] < 1 || numbers[2] > 65535)
    return undefined;
  return {
    type: type === '1' ? 'photo' : 'video',
    cameras,
    time: numbers[0] * 1000,
    duration: numbers[1],
    host,
    port: numbers[2],
    ...(resolution !== undefined && resolution !== '' ? { resolution: Number(resolution) } : {}),
  };
}

/** The files a request asks for, front first. */
export const requestedFiles = (request: CameraRequest): CameraFileId[] =>
  request.cameras.map((camera) => fileIdOf(request.type, camera));
