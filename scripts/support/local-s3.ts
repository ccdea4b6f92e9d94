// A local S3-compatible server (s3rver, a development dependency) for the integration tests and
// the two-instances drill: a real S3 HTTP API on loopback, keeping objects in a scratch folder.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment a portal process needs to keep its attachments here. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startLocalS3(options: { port: number; bucket?: string }): Promise<LocalS3> {
  const { default: S3rver } = await import('s3rver');
  const bucket = options.bucket ?? 'mmp-attachments';
  const directory = mkdtempSync(path.join(os.tmpdir(), 'mmp-s3-'));
  const server = new S3rver({ port: options.port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${options.port}`;
  // s3rver accepts its own fixed key pair.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      MMP_STORAGE: 's3',
      MMP_S3_BUCKET: bucket,
      MMP_S3_ENDPOINT: endpoint,
      MMP_S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
