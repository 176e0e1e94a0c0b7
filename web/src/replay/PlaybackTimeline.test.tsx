import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../app/i18n';
import { Playback } from './playback';
import { PlaybackTimeline } from './PlaybackControls';
import { toReplayData } from './replayData';

const at = (minute: number) => Date.UTC(2026, 10, 28, 8, minute);
const data = toReplayData({
  positions: {
    id: [1, 2, 3, 4, 5],
    fixTime: [at(0), at(1), at(2), at(3), at(4)],
    latitude: [-8.8, -8.81, -8.82, -8.83, -8.84],
    longitude: [13.2, 13.21, 13.22, 13.23, 13.24],
    speed: [0, 30, 40, 30, 0],
    course: [0, 90, 90, 90, 0],
    distance: [0, 10, 10, 10, 0],
    event: [null, null, null, null, null],
    speedLimit: [null, null, null, null, null],
    privacy: [0, 0, 0, 0, 0],
    series: {},
  },
  trips: [],
});

afterEach(cleanup);

const show = (ui: ReactElement) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('the replay timeline', () => {
  it('moves the map’s moment when dragged or moved with the keys, and follows playback', () => {
    const playback = new Playback();
    playback.select({ lo: 0, hi: 4 });
    show(<PlaybackTimeline playback={playback} data={data} />);
    const thumb = within(screen.getByTestId('replay-timeline')).getByRole('slider');
    expect(thumb.getAttribute('aria-valuenow')).toBe('4');
    expect(thumb.getAttribute('aria-valuetext')).toMatch(/^28\/11\/2026 09:04/);
    fireEvent.keyDown(thumb, { key: 'Home' });
    expect(playback.getSnapshot().end).toBe(0);
    fireEvent.keyDown(thumb, { key: 'ArrowRight' });
    expect(playback.getSnapshot().end).toBe(1);
    // playback moves the thumb
    act(() => playback.step(2));
    expect(thumb.getAttribute('aria-valuenow')).toBe('3');
    playback.dispose();
  });

  it('keeps the moment inside the selection, and is left out for a single position', () => {
    const playback = new Playback();
    playback.select({ lo: 1, hi: 3 });
    playback.seek(10);
    expect(playback.getSnapshot().end).toBe(3);
    playback.seek(-5);
    expect(playback.getSnapshot().end).toBe(1);
    playback.select({ lo: 2, hi: 2 });
    const { container } = show(<PlaybackTimeline playback={playback} data={data} />);
    expect(container.textContent).toBe('');
    playback.dispose();
  });
});
