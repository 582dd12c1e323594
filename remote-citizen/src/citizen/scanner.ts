// Reading a pole's QR code in the page: the browser's own BarcodeDetector where it has one (Chrome on
// Android), else ZXing (zxing-wasm, maintained; its WebAssembly is served by us, fetched only when a
// phone without the detector scans). Loaded on the scan page only.
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const wasmUrl = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

interface Detector {
  detect(src: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
type DetectorCtor = { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

let native: Promise<Detector | null> | null = null;
function nativeDetector(): Promise<Detector | null> {
  native ??= (async () => {
    const Ctor = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
    if (!Ctor) return null;
    try {
      return (await Ctor.getSupportedFormats()).includes('qr_code')
        ? new Ctor({ formats: ['qr_code'] })
        : null;
    } catch {
      return null;
    }
  })();
  return native;
}

/** The texts of the QR codes in a frame (a video, a canvas, a decoded photo). */
export async function decodeFrame(canvas: HTMLCanvasElement): Promise<string[]> {
  const d = await nativeDetector();
  if (d) return (await d.detect(canvas)).map((r) => r.rawValue);
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return [];
  const img = g.getImageData(0, 0, canvas.width, canvas.height);
  const found = await readBarcodes(img, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return found.filter((r) => r.isValid).map((r) => r.text);
}

function drawTo(canvas: HTMLCanvasElement, src: CanvasImageSource, w: number, h: number, max = 960): void {
  const k = Math.min(1, max / Math.max(w, h));
  canvas.width = Math.round(w * k);
  canvas.height = Math.round(h * k);
  canvas.getContext('2d', { willReadFrequently: true })?.drawImage(src, 0, 0, canvas.width, canvas.height);
}

/** Decodes a photo of a code (the fallback when the camera cannot be used). */
export async function decodePhoto(file: Blob): Promise<string[]> {
  const bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const canvas = document.createElement('canvas');
  drawTo(canvas, bmp, bmp.width, bmp.height, 1600);
  bmp.close();
  return decodeFrame(canvas);
}

export type CameraError = 'denied' | 'unavailable';

/**
 * Opens the rear camera into `video` and decodes frames until `accept` takes a text; resolves with
 * that text, or rejects with a CameraError. `stop()` ends it (the promise then never settles).
 */
export function scanCamera(
  video: HTMLVideoElement,
  accept: (text: string) => boolean,
): { done: Promise<string>; stop: () => void } {
  let stopped = false;
  let stream: MediaStream | null = null;
  const stop = () => {
    stopped = true;
    stream?.getTracks().forEach((t) => t.stop());
  };
  const done = (async () => {
    if (!navigator.mediaDevices?.getUserMedia) throw 'unavailable' satisfies CameraError;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
    } catch (e) {
      const name = (e as { name?: string }).name;
      throw (
        name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable'
      ) satisfies CameraError;
    }
    if (stopped) {
      stop();
      return new Promise<string>(() => undefined);
    }
    video.srcObject = stream;
    video.setAttribute('playsinline', 'true');
    await video.play();
    const canvas = document.createElement('canvas');
    for (;;) {
      if (stopped) return new Promise<string>(() => undefined);
      await new Promise((r) => requestAnimationFrame(r));
      if (!video.videoWidth) continue;
      drawTo(canvas, video, video.videoWidth, video.videoHeight);
      for (const text of await decodeFrame(canvas)) {
        if (accept(text)) {
          stop();
          return text;
        }
      }
    }
  })();
  return { done, stop };
}
