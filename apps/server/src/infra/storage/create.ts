import type { Config } from '../../config.js';
import type { Database } from '../db/client.js';
import { localStorage } from './local.js';
import { postgresStorage } from './postgres.js';
import { s3Storage } from './s3.js';
import type { Storage, StorageDriver } from './storage.js';

/** The storage driver the configuration asks for (or `driver`, for moving files between two). */
export function createStorage(
  config: Pick<Config, 'storage' | 'uploadDir'>,
  database: Database,
  driver: StorageDriver = config.storage.driver,
): Storage {
  switch (driver) {
    case 'local':
      return localStorage(config.uploadDir);
    case 'postgres':
      return postgresStorage(database.db);
    case 's3':
      if (!config.storage.s3.bucket) throw new Error('S3_BUCKET is not set');
      return s3Storage(config.storage.s3);
  }
}
