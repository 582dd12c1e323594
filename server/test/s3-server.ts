/**
 * A real S3-compatible server for the object-store tests: s3rver (npm), run in this process on a
 * random port over a temporary folder, with one bucket. The server speaks S3's REST API, so the
 * store's client (@aws-sdk/client-s3) is exercised exactly as against MinIO or AWS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'lighting-test';

export interface TestS3 {
  /** The FILE_STORE=s3 settings of a server using it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      // s3rver's fixed account
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PATH_STYLE: 'true',
      S3_PREFIX: 'uploads/',
    },
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
