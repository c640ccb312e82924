// Services every route may use: compression, ETags, multipart bodies (uploads) and, outside
// production, the OpenAPI description at /api/docs built from the routes' zod schemas.
// Needs: nothing from earlier plugins; registered after security so its hooks come after the
// checks, and before the routes, whose schemas the description reads.
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { AppInstance } from '../modules/types.js';

export async function services(app: AppInstance, opts: { config: Config }): Promise<void> {
  await app.register(compress, { threshold: 1024 });
  await app.register(etag);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 4, fields: 20, fieldSize: 20_000 } });
  if (!opts.config.isProduction) {
    await app.register(swagger, {
      openapi: { info: { title: 'Jara API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }
}
