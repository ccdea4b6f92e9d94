// Attachments in an S3-compatible object store (AWS S3, MinIO, Ceph, ...), so several portal
// servers share one store instead of one disk. Same three methods as the local disk.
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { isSafeKey, type AttachmentStorage } from './types';

export type S3StorageOptions = {
  bucket: string;
  /** Folder-like prefix inside the bucket, e.g. "mmp/attachments" (no leading or trailing slash). */
  prefix?: string;
  /** For a store other than AWS: its address, e.g. http://minio.internal:9000. */
  endpoint?: string;
  region?: string;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want. */
  forcePathStyle?: boolean;
  /** Else the SDK's usual chain: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

// The SDK is loaded when the store is first used, not with every module that may reach a store: a
// portal on the local disk never loads it, and loaded it holds several MB of the server's heap.
type Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> =>
  (sdk ??= import('@aws-sdk/client-s3').catch((err: unknown) => {
    sdk = undefined;
    throw err;
  }));

export class S3Storage implements AttachmentStorage {
  private readonly config: S3ClientConfig;
  private client: S3Client | undefined;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: options.region ?? 'us-east-1',
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: options.credentials,
      // Checksums only where the API requires them: S3-compatible servers differ in support.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    };
    this.config = config;
    this.bucket = options.bucket;
    this.prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  }

  private async sdk(): Promise<{ sdk: Sdk; client: S3Client }> {
    const loaded = await loadSdk();
    this.client ??= new loaded.S3Client(this.config);
    return { sdk: loaded, client: this.client };
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe attachment key: ${key}`);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: 'application/octet-stream',
        // A key is written once: a store that supports conditional writes refuses a second one.
        IfNoneMatch: '*',
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    const { sdk, client } = await this.sdk();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    } catch (err) {
      if (statusOf(err) === 404 || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      if (statusOf(err) === 404) return;
      throw err;
    }
  }

  close(): void {
    this.client?.destroy();
  }
}
