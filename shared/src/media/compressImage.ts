// Spec §9's image compression in the browser, the one copy for every page (form uploads, the
// citizens' photos): the plan is pure (core/imageCompression), the pixels are the canvas's.
// Orientation from EXIF is applied by createImageBitmap; re-encoding as JPEG drops the metadata.
// A re-encode that comes out larger, or an image this browser cannot decode, keeps the original.
// DOM only (no React, no antd): the citizens' light phone page imports it too.
import { compressionPlan, fitWithin } from '../core/imageCompression';

export class ImageTooLarge extends Error {}

/** The bytes to send for an image the user chose (throws ImageTooLarge over the spec's 20 MB). */
export async function compressImageBlob(file: Blob): Promise<Blob> {
  const plan = compressionPlan(file.size);
  if (plan.action === 'keep') return file;
  if (plan.action === 'reject') throw new ImageTooLarge();
  if (typeof createImageBitmap !== 'function') return file;
  let bmp: ImageBitmap;
  try {
    bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here (e.g. an SVG): the server decides
  }
  const { width, height } = fitWithin(bmp.width, bmp.height, plan.maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) {
    bmp.close();
    return file;
  }
  g.drawImage(bmp, 0, 0, width, height);
  bmp.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', plan.quality),
  );
  return blob && blob.size < file.size ? blob : file;
}

/** As compressImageBlob, keeping a file's name (with .jpg when it was re-encoded). */
export async function compressImage(file: File): Promise<File> {
  const out = await compressImageBlob(file);
  if (out === file) return file;
  return new File([out], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}
