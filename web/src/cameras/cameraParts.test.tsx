import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from '../app/i18n';
import { CameraStatus } from './CameraStatus';
import type { CameraMedia } from './cameraTypes';
import { eventText, placeText } from './mediaColumns';
import { MediaThumb } from './MediaThumb';

const t = i18n.t.bind(i18n);

const media = (extra: Partial<CameraMedia>): CameraMedia => ({
  id: 7,
  type: 'P',
  camera: 'F',
  cameraDate: '2026-11-25T10:00:00.000Z',
  ...extra,
});

afterEach(cleanup);

describe('camera status texts (document 3 §2)', () => {
  it('shows each camera with the texts of the specification', () => {
    render(<CameraStatus attributes={{ io498: 3, io497: 1 }} />);
    expect(screen.getByTestId('camera-status').textContent).toBe('Estrada: SD Card OKCondutor: No SD Card');
    cleanup();
    render(<CameraStatus attributes={{ io498: 0, io497: 4 }} />);
    expect(screen.getByTestId('camera-status').textContent).toBe(
      'Estrada: Camera not detectedCondutor: SD Card faulty',
    );
    cleanup();
    render(<CameraStatus attributes={{ io498: 2 }} />);
    expect(screen.getByTestId('camera-status').textContent).toBe('Estrada: SD Card failed');
  });

  it('shows nothing when the tracker sends no camera state', () => {
    render(<CameraStatus attributes={{ io497: null }} />);
    expect(screen.queryByTestId('camera-status')).toBeNull();
  });
});

describe('media thumbnails', () => {
  it('shows the no image placeholder when there is no media', () => {
    render(<MediaThumb media={null} height={60} onOpen={() => undefined} />);
    expect(screen.getByTestId('camera-no-image').textContent).toBe('Sem imagem');
  });

  it('opens a photo from its thumbnail and a video from its button', () => {
    const onOpen = vi.fn();
    render(<MediaThumb media={media({})} height={48} onOpen={onOpen} />);
    const thumb = screen.getByTestId('camera-media-thumb');
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe('/report/api.php/media/7');
    fireEvent.click(thumb);
    render(<MediaThumb media={media({ id: 8, type: 'V', status: 'ready' })} height={48} onOpen={onOpen} />);
    fireEvent.click(screen.getByTestId('camera-media-video'));
    expect(onOpen.mock.calls.map(([item]) => (item as CameraMedia).id)).toEqual([7, 8]);
  });

  it('marks a video still converting as processing, not playable', () => {
    const onOpen = vi.fn();
    render(<MediaThumb media={media({ type: 'V', status: 'processing' })} height={48} onOpen={onOpen} />);
    const mark = screen.getByTestId('camera-media-processing');
    expect(mark.textContent).toBe('A processar');
    fireEvent.click(mark);
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.queryByTestId('camera-media-video')).toBeNull();
  });
});

describe('media list texts', () => {
  it('translates camera_ plus each trigger and shows the address, else the coordinates', () => {
    expect(eventText(t, media({ trigger: 'crash', trigger_mask: 8 }))).toBe('Colisão');
    expect(eventText(t, media({ trigger: 'server', trigger_mask: 0 }))).toBe('Pedido do servidor');
    expect(eventText(t, media({ trigger_mask: 2 | 64 }))).toBe('DIN1, Zona');
    expect(placeText(media({ address: 'Rua X, Luanda', latitude: 1, longitude: 2 }))).toBe('Rua X, Luanda');
    expect(placeText(media({ latitude: -8.84, longitude: 13.24 }))).toBe('-8.840000, 13.240000');
    expect(placeText(media({}))).toBe('');
  });
});
