import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

describe('file storage configuration', () => {
  it('defaults to disk, or PostgreSQL rows with DATABASE_URL', () => {
    expect(loadConfig({}).fileStorage).toBe('disk')
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).fileStorage).toBe('postgres')
    expect(loadConfig({}).s3).toBeNull()
  })

  it('FILE_STORAGE=s3 reads the bucket, endpoint, keys and region (us-east-1 by default)', () => {
    const c = loadConfig({ FILE_STORAGE: 's3', S3_URL: 'http://127.0.0.1:9000', S3_BUCKET: 'site-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })
    expect(c.fileStorage).toBe('s3')
    expect(c.s3).toEqual({ url: 'http://127.0.0.1:9000', bucket: 'site-files', accessKeyId: 'id', secretAccessKey: 'secret', region: 'us-east-1' })
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'b-1', S3_REGION: 'eu-west-1' }).s3).toMatchObject({ url: null, region: 'eu-west-1' })
  })

  it('refuses s3 without a bucket, a bad bucket name or endpoint', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('S3_BUCKET')
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'Bad_Name' })).toThrow('S3_BUCKET')
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'ok-name', S3_URL: 'ftp://x' })).toThrow('S3_URL')
  })
})
