// A path the signed-in user has no page for: refused by permission when the product has that page
// (a remote's route table names it; others may open it), else simply missing (404). Pure.

/** Whether a remote's route table names the page at `urlAddress` itself (its '*' fallback does not count). */
export function tableHasPage(keys: readonly string[], urlAddress: string): boolean {
  const clean = urlAddress.replace(/^\/+|\/+$/g, '');
  if (clean === '' || clean === '*') return false;
  return keys.some((k) => k !== '*' && k.replace(/^\/+|\/+$/g, '') === clean);
}
