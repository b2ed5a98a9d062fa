import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName } from './resize-photo.ts';

describe('a photo made smaller before upload', () => {
  it('brings the longest side down to 1600 px and keeps the proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 1)).toEqual({ width: 1600, height: 1 });
  });

  it('leaves a picture that is small enough at its size', () => {
    expect(fitWithin(1280, 960)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });

  it('names the result as a JPEG', () => {
    expect(jpegName('IMG_2041.png')).toBe('IMG_2041.jpg');
    expect(jpegName('scan.final.webp')).toBe('scan.final.jpg');
    expect(jpegName('noextension')).toBe('noextension.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});
