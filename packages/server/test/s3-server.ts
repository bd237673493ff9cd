// A real S3-protocol server for tests: s3rver on a free loopback port with a temp directory, so the storage code
// under test is the production @aws-sdk/client-s3 code talking HTTP to a socket.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import S3rver from 's3rver'
import type { S3Options } from '../src/domains/files/index.js'

export interface TestS3 {
  /** Options of the bucket made at start (S3_URL, S3_BUCKET, keys, region). */
  options: S3Options
  close(): Promise<void>
}

/** Starts s3rver with the given buckets (the first one is `options.bucket`). */
export async function startS3(buckets: string[] = ['sitewright']): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'sw-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) })
  const address = (await server.run()) as AddressInfo
  return {
    options: {
      url: `http://127.0.0.1:${address.port}`,
      bucket: buckets[0]!,
      // s3rver's built-in account
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
