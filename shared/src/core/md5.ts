// MD5 of a password before it leaves the browser (spec §7: the server stores and compares the hash).
import SparkMD5 from 'spark-md5';

export const md5 = (s: string): string => SparkMD5.hash(s);
