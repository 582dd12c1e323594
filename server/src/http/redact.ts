/** Keeps secrets out of request logs. Pure. */

/** Replaces the value of `token` query parameters (the socket and downloads may carry one). */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1***');
}
