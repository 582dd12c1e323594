// The error of a remote built for another contract (contract.ts decides; RemotePage shows it). Its own
// module, so the pages that only recognise it do not bring semver into the console's first load.
/** A remote built for another contract: not loaded; the page says why (no Retry: it cannot help). */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly range: string,
    readonly offered: string,
  ) {
    super(`remote ${remote} needs @lighting/shared ${range}; this console offers ${offered}`);
    this.name = 'IncompatibleRemoteError';
  }
}
