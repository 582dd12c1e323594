/** Named parameters (@name) of a data interface's SQL text, in order of first use, for the test dialog. */
export function parameterNames(sql: string): string[] {
  // drop string literals and quoted identifiers so '@x' inside them is not a parameter
  const bare = sql.replace(/'(?:[^']|'')*'/g, "''").replace(/"(?:[^"]|"")*"/g, '""');
  const out: string[] = [];
  for (const m of bare.matchAll(/@([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const name = m[1]!;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}
