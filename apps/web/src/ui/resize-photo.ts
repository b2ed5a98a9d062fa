/**
 * Photos are made smaller on the phone before they go over mobile data
 * (docs/product.md#working-offline): at most 1600 px on the longest side, JPEG at quality 0.8, a
 * few hundred kB where the camera's picture is several MB.
 */
export const PHOTO_LONGEST_SIDE = 1600;
const PHOTO_QUALITY = 0.8;

/** The size a picture of width x height gets when its longest side is at most `longest`. */
export function fitWithin(width: number, height: number, longest = PHOTO_LONGEST_SIDE) {
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The photo's name as a JPEG: 'IMG_2041.HEIC.png' -> 'IMG_2041.HEIC.jpg'. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

/**
 * The photo redrawn on a canvas at its smaller size, as a JPEG file. A picture the browser cannot
 * decode is returned as it is, for the server's own checks to judge.
 */
export async function resizePhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    // The orientation the camera recorded is applied, so that the picture is upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY),
  );
  if (!blob) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
