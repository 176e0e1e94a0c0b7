import type { AttributeBag, StatusInput } from './types';

/** Test support: a vehicle seen `ageS` seconds before a fixed clock, with the given attributes. */
export const NOW = new Date('2024-05-01T12:00:00Z');

export interface InputOptions {
  device?: AttributeBag;
  attributes?: AttributeBag;
  speedKmh?: number;
  valid?: boolean;
  event?: number | null;
  ageS?: number;
  name?: string;
  noPosition?: boolean;
}

export function input(options: InputOptions = {}): StatusInput {
  const { device = {}, attributes = {}, speedKmh = 0, valid = true, event = null, ageS = 60 } = options;
  return {
    device: { name: options.name, attributes: device },
    position: options.noPosition
      ? null
      : {
          fixTime: new Date(NOW.getTime() - ageS * 1000).toISOString(),
          speed: speedKmh / 1.852,
          valid,
          event,
          attributes,
        },
    now: NOW,
  };
}
