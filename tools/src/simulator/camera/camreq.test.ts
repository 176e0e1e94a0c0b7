import { describe, expect, it } from 'vitest';
import { parseCamreq, requestedFiles } from './camreq';

describe('camreq command', () => {
  it('reads a photo request from both cameras', () => {
    const request = parseCamreq('camreq:1,3,1767268800,0,cam.example.ao,5028');
    expect(request).toEqual({
      type: 'photo',
      cameras: ['F', 'R'],
      time: 1767268800000,
      duration: 0,
      host: 'cam.example.ao',
      port: 5028,
    });
    expect(requestedFiles(request!)).toEqual(['%photof', '%photor']);
  });

  it('reads a video request from the rear camera with a resolution', () => {
    const request = parseCamreq('camreq:0,2,1767268790,10,127.0.0.1,6000,2');
    expect(request).toMatchObject({ type: 'video', cameras: ['R'], duration: 10, port: 6000, resolution: 2 });
    expect(requestedFiles(request!)).toEqual(['%videor']);
  });

  it('refuses other commands and malformed requests', () => {
    for (const text of [
      'setdigout 1',
      'camreq:2,1,0,0,h,5028',
      'camreq:1,4,0,0,h,5028',
      'camreq:1,1,0,0,,5028',
      'camreq:1,1,0,0,h,70000',
      'camreq:1,1,x,0,h,5028',
      'camreq:1,1,0,0,h',
    ])
      expect(parseCamreq(text), text).toBeUndefined();
  });
});
