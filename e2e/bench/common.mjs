// What the bench scripts share: signing in over the API (the password sent as the sign-in page
// sends it, md5 of the text) and the median of a list of figures.
import SparkMD5 from 'spark-md5';

/** A token for `account` on the server at `base` (with or without a trailing slash). */
export async function apiToken(base, account = 'admin', password = 'admin123') {
  const url = new URL(
    'api/oauth/Login?client_id=admin&client_secret=123456&scope=all&grant_type=password',
    `${base.replace(/\/$/, '')}/`,
  );
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: SparkMD5.hash(password) }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`sign-in as ${account} failed: ${body.code} ${body.msg}`);
  return body.data.token;
}

/** The median (the lower middle of an even count), or null for no figures. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
