/** '@lighting/shared/media': browser-side media helpers without React (the phone pages use them too). */
export * from './compressImage';
